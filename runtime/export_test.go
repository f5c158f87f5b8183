package runtime

// Zones lists every zone of the tzdata, for the external tests.
var Zones = zones
