"""A RaggedTensor made by an op in a trace has TF 2.21's static shapes: an elementwise op's values are open where
the input's are ((rt + 1).values.shape (None,), where tapeflow showed the run's (6,)), tf.concat adds the rows,
tf.gather and row slices of open rows count them at run time ((None, None), where tapeflow showed (2, None)).
Expected shapes are TF 2.21's (printed by /work/notes/progs/tutorials64/probes/rops.py and
tutorials63/probes/ragfn.py)."""
import framework as tf

RT = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])


def _parts(r):
    return (tuple(r.shape), tuple(r.row_splits.shape), tuple(r.values.shape))


def _shapes(rows):
    seen = {}

    @tf.function(input_signature=[tf.RaggedTensorSpec([rows, None], tf.int32), tf.TensorSpec([None], tf.int32)])
    def f(rt, idx):
        made = {'add': rt + 1, 'mul': rt * rt, 'square': tf.math.square(rt), 'cast': tf.cast(rt, tf.float32),
                'map': tf.ragged.map_flat_values(tf.math.square, rt), 'where': tf.where(rt > 2, rt, 0),
                'ones': tf.ones_like(rt), 'cat0': tf.concat([rt, rt], axis=0), 'cat1': tf.concat([rt, rt], axis=1),
                'cat_cut': tf.concat([rt, rt[:2]], axis=0), 'gather': tf.gather(rt, [0, 1]),
                'gather_idx': tf.gather(rt, idx), 'from1': rt[1:], 'to2': rt[:2], 'step': rt[::2],
                'last': rt[-1:], 'cols': rt[:, :1], 'both': rt[1:, :1]}
        seen.update({k: _parts(v) for k, v in made.items()})
        return rt.to_tensor()
    assert f(RT, tf.constant([0, 2])).numpy().tolist() == [[1, 2, 0], [3, 0, 0], [4, 5, 6]]
    return seen


def test_results_of_open_rows():
    # TF 2.21: every result's rows and values are open
    assert _shapes(None) == {k: ((None, None), (None,), (None,)) for k in (
        'add', 'mul', 'square', 'cast', 'map', 'where', 'ones', 'cat0', 'cat1', 'cat_cut', 'gather', 'gather_idx',
        'from1', 'to2', 'step', 'last', 'cols', 'both')}


def test_results_of_three_rows():
    # TF 2.21: known rows are carried (concat adds them, a slice counts its own), gather's are counted at run time;
    # values stay open (the argument's are)
    keep = ((3, None), (4,), (None,))
    assert _shapes(3) == {
        'add': keep, 'mul': keep, 'square': keep, 'cast': keep, 'map': keep, 'where': keep, 'ones': keep,
        'cat0': ((6, None), (7,), (None,)), 'cat1': keep, 'cat_cut': ((5, None), (6,), (None,)),
        'gather': ((None, None), (None,), (None,)), 'gather_idx': ((None, None), (None,), (None,)),
        'from1': ((2, None), (3,), (None,)), 'to2': ((2, None), (3,), (None,)), 'step': ((2, None), (3,), (None,)),
        'last': ((1, None), (2,), (None,)), 'cols': keep, 'both': ((2, None), (3,), (None,))}


def test_map_over_ragged_batches():
    # a map over ragged batches: TF 2.21's element_spec has open rows for a concat and a row slice, where
    # tapeflow's kept the run's 4 and 1
    ds = tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[1, 2], [3], [4, 5, 6], [7]])).batch(2)
    mapped = ds.map(lambda x: {'cat': tf.concat([x, x + 1], axis=0), 'tail': x[1:], 'ones': tf.ones_like(x)})
    spec = mapped.element_spec
    assert [spec[k].shape.as_list() for k in ('cat', 'tail', 'ones')] == [[None, None]] * 3
    assert [r['cat'].to_list() for r in mapped] == [[[1, 2], [3], [2, 3], [4]], [[4, 5, 6], [7], [5, 6, 7], [8]]]


def test_constant_raggeds_in_a_trace_keep_their_shapes():
    seen = []

    @tf.function
    def f():
        r = tf.ragged.constant([[1, 2], [3]])
        seen.append((_parts(r + 1), _parts(r[1:]), _parts(tf.concat([r, r], axis=0))))
        return r.values
    f()
    # TF 2.21: a constant's rows and values are known, and so are theirs
    assert seen[0] == (((2, None), (3,), (3,)), ((1, None), (2,), (1,)), ((4, None), (5,), (6,)))


def test_ops_on_split_parts_over_a_fixed_batch():
    # a map over batch(3, drop_remainder=True) of lines: the split's row_splits are open (TF counts them at run
    # time), and so is what is computed from them: TF 2.21's (None,), where tapeflow gave the run's (3,)
    lines = tf.data.Dataset.from_tensor_slices(['a b c', 'a', 'b c', 'c', 'a b', 'b']).batch(3, drop_remainder=True)
    seen = []

    def f(x):
        sp = tf.strings.split(x)
        rs = sp.row_splits[1:] - sp.row_splits[:-1]
        seen.append((tuple(rs.shape), tuple(sp.row_lengths().shape), tuple(tf.reduce_sum(sp.row_splits).shape)))
        return rs
    mapped = lines.map(f)
    assert mapped.element_spec == tf.TensorSpec(shape=(None,), dtype=tf.int64)
    assert seen[0] == ((None,), (None,), ())
    assert [v.tolist() for v in mapped.as_numpy_iterator()] == [[3, 1, 2], [1, 2, 1]]
