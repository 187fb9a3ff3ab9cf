import re,sys
seen=set()
flt=sys.argv[1] if len(sys.argv)>1 else ''
for l in open('/tmp/mig/manual.txt'):
    m=re.match(r'([^:]+):(\d+):(\d+): (.*)',l.strip())
    if not m: continue
    f,ln,col,msg=m.groups()
    if flt not in f: continue
    key=(f,ln)
    if key in seen: continue
    seen.add(key)
    src=open('/work/exp-store/'+f).read().split('\n')[int(ln)-1]
    print(f"{f.replace('crates/engine/src/','')}:{ln}:{col} {msg[:120]}\n    {src.strip()[:260]}")
