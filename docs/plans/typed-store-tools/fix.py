import json, re, sys, collections, os
ROOT = sys.argv[1]
edits = collections.defaultdict(list)  # file -> list of (line, col_start, col_end, old, new)
manual = []
FOUND_SLOTLIKE = re.compile(r"found `(&+|Option<&)(Slot|Obj|Arc<Obj>|&Slot|&Obj|&Arc<Obj>)>?`")
def span_text(s):
    if not s['text']: return None
    t = s['text'][0]['text']
    return t[s['column_start']-1:s['column_end']-1] if s['line_start']==s['line_end'] else None
for line in open(sys.argv[2]):
    d = json.loads(line)
    if d.get('reason') != 'compiler-message': continue
    m = d['message']
    if m['level'] != 'error': continue
    prim = [s for s in m['spans'] if s['is_primary']]
    if not prim: continue
    p = prim[0]
    label = p['label'] or ''
    done = False
    # (a) callee parameter typed &Value receiving a stored object
    if (FOUND_SLOTLIKE.search(label) and ('expected `&Value`' in label or 'expected `Option<&Value>`' in label)) or re.search(r"expected `(&\[&Value\]|Vec<&Value>)`, found `(&Vec<&Slot>|Vec<&Slot>|&\[&Slot\])`", label):
        for c in m['children']:
            if c['message'].endswith('defined here'):
                for s in c['spans']:
                    t = span_text(s)
                    if t and s['file_name'].startswith(('crates/engine/src/apiserver', 'crates/engine/src/trace')) and re.search(r"&('a |'s )?Value\b", t):
                        a = span_text(p)
                        if a:
                            edits[p['file_name']].append((p['line_start'], p['column_start'], p['column_end'], a, '&(' + a + ').to_value()'))
                            done = True
                        break
                    if t and s['file_name'].startswith('crates/engine') and re.search(r"&('a |'s )?Value\b", t) and '&mut' not in t:
                        new = re.sub(r"&('a |'s )?Value\b", lambda mm: '&'+(mm.group(1) or '')+'Slot', t)
                        edits[s['file_name']].append((s['line_start'], s['column_start'], s['column_end'], t, new))
                        done = True
    # (b) x.clone() where a Value is wanted
    if not done and re.search(r"expected `Value`, found `(Slot|Obj)`", label):
        t = span_text(p)
        if t and t.endswith('.clone()'):
            edits[p['file_name']].append((p['line_start'], p['column_start'], p['column_end'], t, t[:-len('.clone()')] + '.to_value()'))
            done = True
    # (c) Value::method passed where Slot is iterated
    if not done and m.get('code') and m['code']['code'] == 'E0631':
        t = span_text(p)
        if t and re.fullmatch(r"(serde_json::)?Value::[a-z_0-9]+", t):
            edits[p['file_name']].append((p['line_start'], p['column_start'], p['column_end'], t, 'crate::Slot::' + t.split('::')[-1]))
            done = True
    # (d) Members has no .iter()
    if not done and "no method named `iter` found for struct `Members" in m['message']:
        t = span_text(p)
        if t == 'iter':
            full = p['text'][0]['text']
            cs = p['column_start']-1
            if full[cs-1] == '.' and full[cs+4:cs+6] == '()':
                edits[p['file_name']].append((p['line_start'], cs, cs+7, full[cs-1:cs+6], ''))
                done = True
    # (e) a request-time Value into a reader of stored objects: view it untyped
    if not done and re.search(r"expected `&Slot`, found `(&|&&|&mut )Value`", label):
        t = span_text(p)
        if t:
            edits[p['file_name']].append((p['line_start'], p['column_start'], p['column_end'], t, '&crate::Obj::untyped(' + t + ')'))
            done = True
    # (f) .cloned() of a borrowed list or map of slots: build the Values
    if not done and "no method named `cloned` found for enum `std::option::Option<&[podlife_model::obj::Slot]>`" in m['message']:
        t = span_text(p)
        if t == 'cloned':
            full = p['text'][0]['text']; cs = p['column_start']-1
            if full[cs+6:cs+8] == '()':
                edits[p['file_name']].append((p['line_start'], p['column_start'], p['column_end']+2, 'cloned()', 'map(|a| a.iter().map(crate::Slot::to_value).collect::<Vec<_>>())'))
                done = True
    if not done and "no method named `cloned` found for enum `std::option::Option<Members<" in m['message']:
        t = span_text(p)
        if t == 'cloned':
            full = p['text'][0]['text']; cs = p['column_start']-1
            if full[cs+6:cs+8] == '()':
                edits[p['file_name']].append((p['line_start'], p['column_start'], p['column_end']+2, 'cloned()', 'map(|m| m.map(|(k, v)| (k.to_string(), v.to_value())).collect::<serde_json::Map<_, _>>())'))
                done = True
    # (g) a wrapper left around what is now a slot
    if not done and re.search(r"expected `&Value`, found `(&+)(Slot|Obj|Arc<Obj>)`", label):
        t = span_text(p)
        full = p['text'][0]['text'] if p['text'] else ''
        cs = p['column_start']-1; ce = p['column_end']-1
        pre = '&crate::Obj::untyped('
        if t and full[cs-len(pre):cs] == pre and full[ce:ce+1] == ')':
            edits[p['file_name']].append((p['line_start'], p['column_start']-len(pre), p['column_end']+1, pre + t + ')', t))
            done = True
    # (h) iterator helpers declared over Values
    if not done and "to be an iterator that yields `&Value`, but it yields `&Slot`" in m['message']:
        full = p['text'][0]['text'] if p['text'] else ''
        new = full.replace("Item = &'a Value>", "Item = &'a Slot>").replace("Item = &Value>", "Item = &Slot>")
        if new != full:
            edits[p['file_name']].append((p['line_start'], 1, len(full)+1, full, new)); done = True
    # (i) a let binding collecting slots as Values
    if not done and re.search(r"(Vec<&serde_json::Value>|Vec<&'a serde_json::Value>).*(&podlife_model::obj::Slot|&Slot|&Obj)", m['message']):
        full = p['text'][0]['text'] if p['text'] else ''
        if 'Vec<&Value>' in full:
            edits[p['file_name']].append((p['line_start'], 1, len(full)+1, full, full.replace('Vec<&Value>', 'Vec<&Slot>'))); done = True
        else:
            # look a few lines up
            path = os.path.join(ROOT, p['file_name']); L = open(path).read().split('\n')
            for k in range(p['line_start']-2, max(p['line_start']-8, 0), -1):
                if 'Vec<&Value>' in L[k]:
                    edits[p['file_name']].append((k+1, 1, len(L[k])+1, L[k], L[k].replace('Vec<&Value>', 'Vec<&Slot>'))); done = True; break
    if not done and m.get('code') and m['code']['code'] in ('E0631',):
        full = p['text'][0]['text'] if p['text'] else ''
        t = span_text(p)
        if t == 'Vec::as_slice' and '.map(Vec::as_slice)' in full:
            edits[p['file_name']].append((p['line_start'], 1, len(full)+1, full, full.replace('.map(Vec::as_slice)', ''))); done = True
        elif t == 'Vec::len':
            edits[p['file_name']].append((p['line_start'], p['column_start'], p['column_end'], t, '<[crate::Slot]>::len')); done = True
        elif t == 'Vec::is_empty':
            edits[p['file_name']].append((p['line_start'], p['column_start'], p['column_end'], t, '<[crate::Slot]>::is_empty')); done = True
    if not done and "cannot find type `Slot` in this scope" in m['message']:
        path = os.path.join(ROOT, p['file_name']); L = open(path).read().split('\n')
        for k, l in enumerate(L):
            if l.startswith('use '):
                edits[p['file_name']].append((k+1, 1, 1, '', 'use crate::Slot;\n')); done = True; break
    # (l) .to_value() on what is already a Value
    if not done and "no method named `to_value` found for enum `serde_json::Value`" in m['message'] or "no method named `to_value` found for reference `&serde_json::Value`" in m['message']:
        t = span_text(p); full = p['text'][0]['text'] if p['text'] else ''
        cs = p['column_start']-1
        if t == 'to_value' and full[cs+8:cs+10] == '()':
            edits[p['file_name']].append((p['line_start'], p['column_start'], p['column_end']+2, 'to_value()', 'clone()')); done = True
    if not done:
        if not p['file_name'].startswith(('crates/engine/src/kubelet/', 'crates/engine/src/containerd/', 'crates/engine/src/scheduler/')): manual.append(f"{p['file_name']}:{p['line_start']}:{p['column_start']}: {m['message']} | {label}")
n = 0
SKIP = ('crates/engine/src/kubelet/', 'crates/engine/src/containerd/', 'crates/engine/src/scheduler/')
for f, es in edits.items():
    if f.startswith(SKIP): continue
    path = os.path.join(ROOT, f)
    lines = open(path).read().split('\n')
    seen = set()
    for (ln, cs, ce, old, new) in sorted(set(es), key=lambda e: (e[0], -e[1])):
        if (ln, cs) in seen: continue
        seen.add((ln, cs))
        L = lines[ln-1]
        if L[cs-1:ce-1] != old:
            print('skip', f, ln, old, file=sys.stderr); continue
        lines[ln-1] = L[:cs-1] + new + L[ce-1:]
        n += 1
    text = '\n'.join(lines)
    open(path, 'w').write(text)
print('applied', n, 'manual', len(manual))
open('/tmp/mig/manual.txt', 'w').write('\n'.join(manual) + '\n')
