#!/usr/bin/env python3
# import.py: writes conformance/constructs/testdata/jsts/ from the JSON
# Schema Test Suite's draft 2020-12 files (as CUE's module vendors them,
# encoding/jsonschema/testdata/external/tests/draft2020-12 at the commit
# conformance/constructs/testdata/jsts/README.md names). Each group's
# schema is brought in with `cue import jsonschema:`; one that CUE cannot
# import, or whose CUE cue vet refuses, is left out; one schemagen refuses
# is listed, not written. Each instance is classed by cue vet (valid or
# invalid), but for RECLASS below, each a rule of docs/jsonschema.md.
#
#   python3 scripts/jsts/import.py TESTS_DIR OUT_DIR  (CUE, SCHEMAGEN: the binaries)
import json, os, re, subprocess, sys, shutil, tempfile
CUE=os.environ.get('CUE','cue'); SG=os.environ.get('SCHEMAGEN','schemagen')
skipfiles={'refRemote.json','dynamicRef.json','vocabulary.json','anchor.json','defs.json','infinite-loop-detection.json','format.json','content.json'}
# Instances CUE refuses that a judge rule of docs/jsonschema.md has others
# accept: notcue, CUE tells an int from a float (1.0 is no int, 0.0 not
# the constant 0, -2 not the constant -2.0); open, a member a closed
# object does not name (the Go types, TypeScript and the open schemas
# ignore it); onlyajv, ajv admits any value of a typed __proto__ member.
RECLASS={
    'const-10/t2':'notcue', 'const-11/t2':'notcue', 'const-12/t0':'notcue',
    'enum-9/t2':'notcue', 'enum-10/t2':'notcue', 'enum-11/t2':'notcue', 'enum-12/t2':'notcue',
    'type-0/t1':'notcue',
    'enum-1/t4':'open', 'additionalproperties-0/t1':'open',
    'ref-0/t2':'open', 'ref-0/t3':'open',
    'properties-5/t3':'onlyajv',
}
tests=sys.argv[1]; out=sys.argv[2]; os.makedirs(out, exist_ok=True)
work=tempfile.mkdtemp()
shapes=set()
stats={'sameshape':0,'groups':0,'importfail':0,'cuebad':0,'generated':0,'refused':0,'crash':0,'tests':0}
refusals=[]
for fn in sorted(os.listdir(tests)):
    if fn in skipfiles: continue
    if not fn.endswith('.json'): continue
    groups=json.load(open(os.path.join(tests,fn)))
    for gi,g in enumerate(groups):
        stats['groups']+=1
        m=os.path.join(work,'m'); shutil.rmtree(m, ignore_errors=True)
        os.makedirs(m+'/cue.mod'); os.makedirs(m+'/schema/p')
        open(m+'/cue.mod/module.cue','w').write('module: "example.com/t@v0"\nlanguage: version: "v0.17.0"\n')
        json.dump(g['schema'], open(m+'/schema/p/schema.json','w'))
        r=subprocess.run([CUE,'import','-f','-p','p','jsonschema:',m+'/schema/p/schema.json'],capture_output=True,text=True)
        if r.returncode!=0 or not os.path.exists(m+'/schema/p/schema.cue'):
            stats['importfail']+=1; continue
        os.remove(m+'/schema/p/schema.json')
        src=open(m+'/schema/p/schema.cue').read()
        r=subprocess.run([CUE,'vet','-c=false','./schema/p'],cwd=m,capture_output=True,text=True)
        if r.returncode!=0: stats['cuebad']+=1; continue
        r=subprocess.run([SG,'generate'],cwd=m,capture_output=True,text=True)
        if r.returncode==2:
            stats['refused']+=1; refusals.append((fn,gi,r.stdout+r.stderr)); continue
        if r.returncode!=0:
            stats['crash']+=1; refusals.append((fn,gi,'CRASH '+r.stdout+r.stderr)); continue
        stats['generated']+=1
        cases=[]
        for ti,t in enumerate(g['tests']):
            dpath=m+'/d.json'; json.dump(t['data'], open(dpath,'w'))
            r=subprocess.run([CUE,'vet','./schema/p',dpath],cwd=m,capture_output=True,text=True)
            cls='valid' if r.returncode==0 else 'invalid'
            key='%s-%d/t%d'%(fn[:-5].lower(),gi,ti)
            if key in RECLASS:
                if cls!='invalid': sys.exit('reclassifying a '+cls+' instance: '+key)
                cls=RECLASS[key]
            cases.append((cls,'t%d'%ti,json.dumps(t['data'])))
            stats['tests']+=1
        name=('jsts-%s-%d'%(fn[:-5],gi)).lower()
        # One group of each shape (its CUE with every string and number
        # made one placeholder) keeps the constructs test's time down:
        # the others differ in constants only. A group with an instance
        # of RECLASS is kept whatever its shape.
        shape=re.sub(r'-?\d+(\.\d+)?(e-?\d+)?','N',re.sub(r'"(?:[^"\\]|\\.)*"','S',src))
        if shape in shapes and not any(c not in ('valid','invalid') for c,_,_ in cases):
            stats['sameshape']+=1; continue
        shapes.add(shape)
        txt='JSON Schema Test Suite, draft2020-12/%s, group %d (%s), through cue import;\neach instance classed by cue vet (README.md). Written by scripts/jsts/import.py.\n'%(fn,gi,g['description'])
        txt+='-- schema/p/p.cue --\n'+src
        if not src.endswith('\n'): txt+='\n'
        for cls,n,d in cases:
            txt+='-- %s/@root/%s.json --\n%s\n'%(cls,n,d)
        open(os.path.join(out,name+'.txtar'),'w').write(txt)
print(stats)
for fn,gi,msg in refusals: print('REFUSED',fn,gi,msg.strip().replace('\n',' | ')[:300])
