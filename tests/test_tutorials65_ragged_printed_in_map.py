"""A RaggedTensor a tf.data map function receives prints as TF 2.21's graph RaggedTensor: its parts are the outputs
of 'RaggedFromVariant/RaggedTensorFromVariant' (splits first, then the flat values), so print(x) shows
tf.RaggedTensor(values=Tensor("RaggedFromVariant/RaggedTensorFromVariant:1", shape=(None,), dtype=float32), ...),
where tapeflow printed the first batch's values (<tf.RaggedTensor [[1.0, 2.0], [3.0]]>). Expected texts are TF 2.21's
(printed by /work/notes/progs/tutorials65/probes/rmap.py)."""
import contextlib
import io

import framework as tf

RT = tf.ragged.constant([[1., 2], [3], [4, 5, 6], [7]])
R3 = tf.ragged.constant([[[1], [2, 3]], [[4]], [[5, 6]], [[7], [], [8]]])
OP = 'RaggedFromVariant%s/RaggedTensorFromVariant:%d'


def _graph_tensor(name, dtype):
    return 'Tensor("%s", shape=(None,), dtype=%s)' % (name, dtype)


def _printed_by_map(ds, fn):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        results = [x for x in ds.map(fn)]
    return out.getvalue().splitlines(), results


def test_a_map_prints_its_ragged_batches_as_graph_tensors():
    ds = tf.data.Dataset.from_tensor_slices({'a': RT, 'b': R3, 'c': tf.constant([1, 2, 3, 4])}).batch(2)

    def fn(d):
        print(d['a'])
        print(repr(d['b']))
        print(d['c'])
        print(d['a'].row_splits, d['a'].values)
        return d['a']
    lines, results = _printed_by_map(ds, fn)
    a_splits, a_values = _graph_tensor(OP % ('', 0), 'int64'), _graph_tensor(OP % ('', 1), 'float32')
    b_inner = 'tf.RaggedTensor(values=%s, row_splits=%s)' % (_graph_tensor(OP % ('_1', 2), 'int32'),
                                                           _graph_tensor(OP % ('_1', 1), 'int64'))
    # TF 2.21's lines: the second ragged's scope is RaggedFromVariant_1, its values nested
    assert lines == [
        'tf.RaggedTensor(values=%s, row_splits=%s)' % (a_values, a_splits),
        'tf.RaggedTensor(values=%s, row_splits=%s)' % (b_inner, _graph_tensor(OP % ('_1', 0), 'int64')),
        'Tensor("args_2:0", shape=(None,), dtype=int32)',
        '%s %s' % (a_splits, a_values)]
    # the elements themselves stay eager values
    assert [str(r) for r in results] == ['<tf.RaggedTensor [[1.0, 2.0], [3.0]]>',
                                         '<tf.RaggedTensor [[4.0, 5.0, 6.0], [7.0]]>']


def test_known_rows_give_the_splits_their_length():
    # TF 2.21: batch(2, drop_remainder=True) gives RaggedTensorSpec([2, None]): the splits are (3,)
    ds = tf.data.Dataset.from_tensor_slices(RT).batch(2, drop_remainder=True)
    lines, _ = _printed_by_map(ds, lambda x: (print(x.row_splits), x)[1])
    assert lines == ['Tensor("RaggedFromVariant/RaggedTensorFromVariant:0", shape=(3,), dtype=int64)']


def test_an_elementwise_op_names_the_values_it_makes():
    # TF 2.21: the op runs on the flat values, which are its output ('Square:0'), and the name is used (a dense
    # square after it is Square_1); a name scope and a given name are the op's scopes
    ds = tf.data.Dataset.from_tensor_slices(RT).batch(2)

    def fn(x):
        print(tf.math.square(x))
        print(tf.math.square(x.values), tf.math.square(tf.constant(2.)))
        with tf.name_scope('blk'):
            print(tf.math.square(x).values, tf.math.square(x, name='sq').values)
        print(tf.cast(x, tf.int32).values, tf.ones_like(x).values, tf.zeros_like(x).values, tf.add(x, x).values)
        print(tf.multiply(x, 2.).values, tf.math.exp(x).values, tf.nn.relu(x).values, tf.subtract(x, 1.).values)
        print(tf.math.log(x).values, tf.abs(x).values, tf.math.sqrt(x).values)
        return x
    lines, _ = _printed_by_map(ds, fn)

    def texts(names, dtype='float32'):
        return ' '.join(_graph_tensor(n, dtype) for n in names)
    assert lines == [
        'tf.RaggedTensor(values=%s, row_splits=%s)' % (_graph_tensor('Square:0', 'float32'),
                                                       _graph_tensor(OP % ('', 0), 'int64')),
        '%s Tensor("Square_2:0", shape=(), dtype=float32)' % _graph_tensor('Square_1:0', 'float32'),
        texts(['blk/Square:0', 'blk/sq/Square:0']),
        '%s %s' % (_graph_tensor('Cast:0', 'int32'), texts(['ones_like:0', 'zeros_like:0', 'Add:0'])),
        texts(['Mul:0', 'Exp:0', 'Relu:0', 'Sub:0']),
        texts(['Log:0', 'Abs:0', 'Sqrt:0'])]
