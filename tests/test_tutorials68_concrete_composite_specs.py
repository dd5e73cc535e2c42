"""get_concrete_function of a RaggedTensorSpec / SparseTensorSpec (or a ragged / sparse value) traces at once, as
TF 2.21 does, and a ragged argument's row_lengths() keeps the rows its spec leaves open.

Goldens: TF 2.21 printed them for /work/notes/progs/tutorials68/gcf.py, gcf2.py and tutorials67/ragout.py.
"""
import framework as tf


def _ragged_tracer(printed):
    @tf.function
    def g(x):
        printed.append('tracing g %s %s %s' % (x, x.shape, x.row_splits.shape))
        return x * 2, x.row_lengths(), x.flat_values
    return g


def test_a_ragged_spec_traces_at_get_concrete_function():
    printed = []
    g = _ragged_tracer(printed)
    cf = g.get_concrete_function(tf.RaggedTensorSpec([None, None], tf.int32))
    # gcf2.py: the trace ran there, its ragged argument as the spec shapes it
    assert printed == ['tracing g tf.RaggedTensor(values=Tensor("x:0", shape=(None,), dtype=int32), '
                       'row_splits=Tensor("x_1:0", shape=(None,), dtype=int64)) (None, None) (None,)']
    assert str(cf) == (
        'ConcreteFunction Input Parameters:\n'
        '  x (POSITIONAL_OR_KEYWORD): RaggedTensorSpec(TensorShape([None, None]), tf.int32, 1, tf.int64)\n'
        'Output Type:\n'
        '  Tuple[RaggedTensorSpec(TensorShape([None, None]), tf.int32, 1, tf.int64), TensorSpec(shape=(None,), '
        'dtype=tf.int64, name=None), TensorSpec(shape=(None,), dtype=tf.int32, name=None)]\n'
        'Captures:\n'
        '  None')
    assert str(cf.structured_outputs) == (
        '(tf.RaggedTensor(values=Tensor("Identity:0", shape=(None,), dtype=int32), row_splits=Tensor("Identity_1:0", '
        'shape=(None,), dtype=int64)), <tf.Tensor \'Identity_2:0\' shape=(None,) dtype=int64>, '
        '<tf.Tensor \'Identity_3:0\' shape=(None,) dtype=int32>)')


def test_nested_and_uniform_ragged_specs():
    printed = []
    g = _ragged_tracer(printed)
    cf = g.get_concrete_function(tf.RaggedTensorSpec([3, None, None], tf.float32, 2))
    assert printed[-1].endswith(' (3, None, None) (4,)')
    assert cf.pretty_printed_signature().splitlines()[3] == (
        '  Tuple[RaggedTensorSpec(TensorShape([3, None, None]), tf.float32, 2, tf.int64), TensorSpec(shape=(3,), '
        'dtype=tf.int64, name=None), TensorSpec(shape=(None,), dtype=tf.float32, name=None)]')
    cf = g.get_concrete_function(tf.RaggedTensorSpec([None, None, 2], tf.float32, 1))
    assert printed[-1] == ('tracing g tf.RaggedTensor(values=Tensor("x:0", shape=(None, 2), dtype=float32), '
                           'row_splits=Tensor("x_1:0", shape=(None,), dtype=int64)) (None, None, 2) (None,)')
    assert cf.pretty_printed_signature().splitlines()[3] == (
        '  Tuple[RaggedTensorSpec(TensorShape([None, None, 2]), tf.float32, 1, tf.int64), TensorSpec(shape=(None,), '
        'dtype=tf.int64, name=None), TensorSpec(shape=(None, 2), dtype=tf.float32, name=None)]')
    out = cf(tf.ragged.constant([[[1., 2.]], [[3., 4.], [5., 6.]]], ragged_rank=1))
    assert out[0].to_list() == [[[2.0, 4.0]], [[6.0, 8.0], [10.0, 12.0]]]
    assert out[1].numpy().tolist() == [1, 2]
    assert g.experimental_get_tracing_count() == 2


def test_a_ragged_value_and_sparse_specs_trace_at_once():
    printed = []

    @tf.function
    def g(x):
        printed.append('tracing g %s' % (x,))
        return x * 2
    g.get_concrete_function(tf.ragged.constant([[1, 2], [3]]))
    assert printed == ['tracing g tf.RaggedTensor(values=Tensor("x:0", shape=(None,), dtype=int32), '
                       'row_splits=Tensor("x_1:0", shape=(3,), dtype=int64))']
    sparse_trace = ('tracing g SparseTensor(indices=Tensor("x:0", shape=(None, 2), dtype=int64), '
                    'values=Tensor("x_1:0", shape=(None,), dtype=float32), dense_shape=Tensor("x_2:0", shape=(2,), '
                    'dtype=int64))')
    g.get_concrete_function(tf.sparse.from_dense([[0., 2.]]))
    assert printed[-1] == sparse_trace
    cf = g.get_concrete_function(tf.SparseTensorSpec([None, 4], tf.float32))
    assert printed[-1] == sparse_trace and len(printed) == 3
    assert g.experimental_get_tracing_count() == 3
    # (the trace's run left nothing behind: a call runs the trace on its values)
    out = cf(tf.sparse.SparseTensor(indices=[[1, 3]], values=[1.5], dense_shape=[2, 4]))
    assert out.values.numpy().tolist() == [3.0] and out.dense_shape.numpy().tolist() == [2, 4]
    assert len(printed) == 3


def test_row_lengths_of_an_open_ragged_argument():
    # tutorials67/ragout.py: input_signature RaggedTensorSpec([None, None]); the run's 2 rows showed as (2,)
    @tf.function(input_signature=[tf.RaggedTensorSpec([None, None], tf.int32)])
    def f(x):
        return x * 2, x.row_lengths()
    f(tf.ragged.constant([[1, 2], [3]]))
    assert f.pretty_printed_concrete_signatures().splitlines()[3] == (
        '  Tuple[RaggedTensorSpec(TensorShape([None, None]), tf.int32, 1, tf.int64), TensorSpec(shape=(None,), '
        'dtype=tf.int64, name=None)]')


def test_ragged_outputs_of_slices_and_splits():
    # tutorials67/ragout.py: x[:, :1] keeps the traced rows; a reduce_retracing trace's rows open; strings.split's
    # rows open (the run's 2, 3 and 2 showed)
    @tf.function
    def g(x):
        return x[:, :1]
    g(tf.ragged.constant([[[1., 2.]], [[3., 4.], [5., 6.]]], ragged_rank=1))
    assert g.pretty_printed_concrete_signatures().splitlines()[3] == (
        '  RaggedTensorSpec(TensorShape([2, None, 2]), tf.float32, 1, tf.int64)')

    @tf.function(reduce_retracing=True)
    def h(x):
        return x + 1
    for rows in ([[1, 2], [3]], [[1, 2], [3], [4]], [[1, 2], [3], [4], [5]]):
        h(tf.ragged.constant(rows))
    assert h.pretty_printed_concrete_signatures().split('\n\n')[1].splitlines()[3] == (
        '  RaggedTensorSpec(TensorShape([None, None]), tf.int32, 1, tf.int64)')

    @tf.function
    def k(x):
        return tf.strings.split(x)
    k(tf.constant(['a b', 'c']))
    assert k.pretty_printed_concrete_signatures().splitlines()[3] == (
        '  RaggedTensorSpec(TensorShape([None, None]), tf.string, 1, tf.int64)')
