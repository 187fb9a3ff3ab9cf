import json, re
SKIP = ('crates/engine/src/kubelet/', 'crates/engine/src/containerd/', 'crates/engine/src/scheduler/')
targets = {}
def add(f, ln, var):
    if f.startswith(SKIP): return
    targets.setdefault(f,set()).add((ln, var))
for line in open('/tmp/errs.json'):
    d=json.loads(line)
    if d.get('reason')!='compiler-message': continue
    m=d['message']
    if m['level']!='error': continue
    p=[s for s in m['spans'] if s['is_primary']][0]
    label=p['label'] or ''
    s=p
    if 'json_macro' in p['file_name']:
        e=p.get('expansion')
        while e and e.get('span') and 'json_macro' in e['span']['file_name']:
            e=e['span'].get('expansion')
        if not e: continue
        s=e['span']
    if not s['text']: continue
    txt=s['text'][0]['text']
    span=txt[s['column_start']-1:s['column_end']-1] if s['line_start']==s['line_end'] else ''
    f=s['file_name']; ln=s['line_start']
    if 'json_macro' in p['file_name'] or 'expected `Slot`, found `Value`' in label:
        mm=re.match(r'\s*([a-z_][a-z_0-9]*)\s*(\[|=)', txt)
        if mm: add(f, ln, mm.group(1))
    elif 'expected `&mut Value`, found `&mut Slot`' in label or 'expected `&mut Value`, found `&mut Obj`' in label:
        mm=re.fullmatch(r'&mut ([a-z_][a-z_0-9]*)', span)
        if mm: add(f, ln, mm.group(1))
    elif re.search(r"no method named `(as_object_mut|as_array_mut|get_mut|pointer_mut)` found for struct `podlife_model::obj::Slot`", m['message']):
        mm=re.search(r'([a-z_][a-z_0-9]*)(\[[^\]]*\])*\s*\.\s*$', txt[:s['column_start']-1])
        if mm: add(f, ln, mm.group(1))
    elif re.search(r"expected `Value`, found `(Slot|Obj)`", label):
        mm=re.fullmatch(r'([a-z_][a-z_0-9]*)', span)
        if mm: add(f, ln, mm.group(1))
for f, items in targets.items():
    path='/work/exp-store/'+f
    lines=open(path).read().split('\n')
    for ln, var in sorted(items):
        for i in range(ln-1, max(ln-120,0), -1):
            L=lines[i]
            mm=re.search(r'let mut '+var+r'(: Value)? = (.*)\.clone\(\);', L)
            if mm:
                expr=mm.group(2)
                if expr.startswith('(*') and expr.endswith(')'):
                    expr=expr[1:-1].lstrip('*')
                lines[i]=L.replace(mm.group(0), f'let mut {var}{mm.group(1) or ""} = {expr}.to_value();')
                print(f, i+1, lines[i].strip()[:120])
                break
            if re.search(r'let (mut )?'+var+r'\b', L): break
    open(path,'w').write('\n'.join(lines))
