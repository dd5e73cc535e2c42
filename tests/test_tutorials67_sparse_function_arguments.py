"""A SparseTensor passed to a tf.function is traced by its SparseTensorSpec, as TF 2.21 traces it.

The sparse tensor guide's 'tf.function' section calls ``f(a, b)`` with a SparseTensor: TF keys the trace by
``SparseTensorSpec(dense shape, dtype)``, so another sparse tensor of that shape and dtype reuses it, and the
trace sees the components as graph tensors. Goldens: TF 2.21 (tensorflow-cpu) printed them,
/work/notes/progs/tutorials67/sparsefn.py and sparsefn2.py.
"""
import framework as tf


def _sparse(indices, values, shape):
    return tf.sparse.SparseTensor(indices=indices, values=values, dense_shape=shape)


def _traced(name, dtype='int32'):
    return ('SparseTensor(indices=Tensor("{0}:0", shape=(None, 2), dtype=int64), values=Tensor("{0}_1:0", '
            'shape=(None,), dtype={1}), dense_shape=Tensor("{0}_2:0", shape=(2,), dtype=int64))').format(name, dtype)


def test_a_new_sparse_tensor_of_the_same_spec_reuses_the_trace(capsys):
    @tf.function
    def f(x, y):
        print('tracing', x)
        return tf.sparse.sparse_dense_matmul(x, y)
    a = _sparse([[0, 3], [2, 4]], [15, 25], [3, 10])
    b = tf.sparse.to_dense(tf.sparse.transpose(a))
    assert f(a, b).numpy().tolist() == [[225, 0, 0], [0, 0, 0], [0, 0, 625]]
    assert f(_sparse([[0, 1]], [7], [3, 10]), b).numpy().tolist() == [[0, 0, 0]] * 3
    assert f(_sparse([[0, 1]], [7], [3, 12]), tf.ones([12, 3], tf.int32)).numpy().tolist()[0] == [7, 7, 7]
    assert f.experimental_get_tracing_count() == 2
    assert capsys.readouterr().out == ('tracing %s\n' % _traced('x')) * 2
    signatures = f.pretty_printed_concrete_signatures()
    assert '  x (POSITIONAL_OR_KEYWORD): SparseTensorSpec(TensorShape([3, 10]), tf.int32)\n' \
           '  y (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(10, 3), dtype=tf.int32, name=None)\n' in signatures
    assert '  x (POSITIONAL_OR_KEYWORD): SparseTensorSpec(TensorShape([3, 12]), tf.int32)\n' in signatures


def test_the_concrete_function_lists_and_accepts_the_spec():
    @tf.function
    def g(x):
        return tf.sparse.map_values(tf.multiply, x, 2)
    a = _sparse([[0, 3], [2, 4]], [15, 25], [3, 10])
    assert g(a).values.numpy().tolist() == [30, 50]
    cf = g.get_concrete_function(a)
    assert repr(cf.structured_input_signature) == '((SparseTensorSpec(TensorShape([3, 10]), tf.int32),), {})'
    assert cf(_sparse([[0, 1]], [7], [3, 10])).values.numpy().tolist() == [14]
    assert g.experimental_get_tracing_count() == 1
    cf2 = g.get_concrete_function(tf.SparseTensorSpec([None, 4], tf.float32))
    assert str(cf2).splitlines()[:2] == [
        'ConcreteFunction Input Parameters:',
        '  x (POSITIONAL_OR_KEYWORD): SparseTensorSpec(TensorShape([None, 4]), tf.float32)']
    assert g.experimental_get_tracing_count() == 2


def test_reduce_retracing_opens_the_dense_shape(capsys):
    @tf.function(reduce_retracing=True)
    def h(x):
        print('tracing h', x)
        return tf.sparse.reduce_sum(x)
    for n in (3, 4, 5, 6):
        assert h(_sparse([[0, 1]], [1.5], [2, n])).numpy() == 1.5
    assert h.experimental_get_tracing_count() == 2
    assert capsys.readouterr().out == ('tracing h %s\n' % _traced('x', 'float32')) * 2
    assert '  x (POSITIONAL_OR_KEYWORD): SparseTensorSpec(TensorShape([2, None]), tf.float32)\n' \
        in h.pretty_printed_concrete_signatures()


def test_an_input_signature_spec_serves_every_row_count(capsys):
    @tf.function(input_signature=[tf.SparseTensorSpec([None, 3], tf.float32)])
    def k(x):
        print('tracing k', x)
        return tf.sparse.to_dense(x)
    assert k(_sparse([[0, 1]], [1.5], [2, 3])).numpy().tolist() == [[0, 1.5, 0], [0, 0, 0]]
    assert k(_sparse([[3, 1]], [2.5], [4, 3])).numpy()[3, 1] == 2.5
    assert k.experimental_get_tracing_count() == 1
    assert capsys.readouterr().out == 'tracing k %s\n' % _traced('x', 'float32')


def test_sparse_tensors_inside_a_structure_and_beside_others(capsys):
    @tf.function
    def pair(d):
        print('tracing pair', d)
        return d['a'].values + d['b']
    assert pair({'a': tf.sparse.from_dense([[0., 2.]]), 'b': tf.constant(1.)}).numpy().tolist() == [3.0]
    assert pair({'a': tf.sparse.from_dense([[3., 2.]]), 'b': tf.constant(1.)}).numpy().tolist() == [4.0, 3.0]
    assert pair.experimental_get_tracing_count() == 1
    assert capsys.readouterr().out == "tracing pair {'a': %s, 'b': <tf.Tensor 'd_3:0' shape=() dtype=float32>}\n" \
        % _traced('d', 'float32')
    assert "  d (POSITIONAL_OR_KEYWORD): Dict[['a', SparseTensorSpec(TensorShape([1, 2]), tf.float32)], " \
           "['b', TensorSpec(shape=(), dtype=tf.float32, name=None)]]\n" in pair.pretty_printed_concrete_signatures()

    @tf.function
    def m(x, y):
        print('tracing m', x, y)
        return x
    m(tf.sparse.from_dense([[0., 2.]]), tf.sparse.from_dense([[1, 0, 3]]))
    m(tf.sparse.from_dense([[1., 2.]]), tf.sparse.from_dense([[1, 0, 3]]))
    m(tf.sparse.from_dense([[1., 2.]]), tf.sparse.from_dense([[1., 0, 3]]))       # the values' dtype: a new trace
    assert m.experimental_get_tracing_count() == 2
    assert capsys.readouterr().out.splitlines()[1] == 'tracing m %s %s' % (_traced('x', 'float32'),
                                                                           _traced('y', 'float32'))
