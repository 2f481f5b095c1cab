import struct, sys, glob
import pyarrow.parquet as pq
n = 5000
ok = True
for f in sorted(glob.glob('*.parquet')):
    pf = pq.ParquetFile(f)
    t = pf.read()
    if str(t.schema.field('i64').type).startswith('timestamp'):
        t = t.set_column(t.schema.get_field_index('i64'), 'i64', t.column('i64').cast('int64'))
    d = t.to_pydict()
    is_string = str(t.schema.field('str').type) == 'string'
    def expect(name, i):
        if name in ('i64','f64','flag','str') and i % 5 == 0: return None
        return {'i32': i*7-300, 'i64': i*i*1000003, 'f32': i/4, 'f64': i/3, 'flag': i%3==0, 'str': ('s'+str(i%17)) if is_string else ('s'+str(i%17)).encode(),
                'fixed': struct.pack('>i', i), 'i96': None}[name]
    bad = 0
    for name in d:
        if name == 'i96': continue
        for i in range(n):
            if d[name][i] != expect(name, i):
                bad += 1
                if bad < 3: print(f, name, i, d[name][i], expect(name, i))
    # statistics and checksum verification
    pq.read_table(f, page_checksum_verification=True)
    m = pf.metadata
    st = m.row_group(0).column(0).statistics
    print(f, 'rows', t.num_rows, 'rgs', m.num_row_groups, 'bad', bad, 'i32 stats', st.min, st.max, st.null_count, 'kv', m.metadata.get(b'k'), 'i96 sample', d['i96'][1])
    ok &= bad == 0 and t.num_rows == n
print('ALL OK' if ok else 'FAIL')
