module acme.dev/shop

go 1.26
