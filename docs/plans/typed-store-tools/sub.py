import sys
def sub(path, old, new, count=1):
    path = '/work/exp-store/crates/engine/src/' + path if not path.startswith('/') else path
    s=open(path).read()
    if old not in s:
        print("MISSING", path, repr(old[:80])); return
    s=s.replace(old,new,count); open(path,'w').write(s)
