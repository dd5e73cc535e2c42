"""A tf.function returning a SparseTensor: its concrete function's 'Output Type:' is the SparseTensorSpec of the
static shape TF 2.21's graph gives it, and structured_outputs shows graph tensors (tapeflow printed the run's
values as Literal[SparseTensor(...)]).

Goldens: TF 2.21 printed them for /work/notes/progs/tutorials67/sparseout.py and tutorials68/sparseout2.py,
sparseout3.py (an argument of SparseTensorSpec([3, 10]) and of [None, 10]).
"""
import pytest

import framework as tf

_OPS = {
    'ident': lambda x: x,
    'reorder': lambda x: tf.sparse.reorder(x),
    'add': lambda x: tf.sparse.add(x, x),
    'from_dense': lambda x: tf.sparse.from_dense(tf.zeros([2, 3])),
    'transpose': lambda x: tf.sparse.transpose(x),
    'mul': lambda x: x * 2.,
    'ctor': lambda x: tf.sparse.SparseTensor(x.indices, x.values, [3, 10]),
    'map': lambda x: tf.sparse.map_values(tf.negative, x),
    'slice': lambda x: tf.sparse.slice(x, [0, 0], [2, 5]),
    'expand': lambda x: tf.sparse.expand_dims(x, 0),
    'concat': lambda x: tf.sparse.concat(0, [x, x]),
    'concat1': lambda x: tf.sparse.concat(1, [x, x]),
    'reduce_sp': lambda x: tf.sparse.reduce_sum(x, axis=1, output_is_sparse=True),
    'fill_empty': lambda x: tf.sparse.fill_empty_rows(x, 0.)[0],
    'max': lambda x: tf.sparse.maximum(x, x),
    'reset': lambda x: tf.sparse.reset_shape(x),
    'reset2': lambda x: tf.sparse.reset_shape(x, [4, 12]),
    'const_exp': lambda x: tf.sparse.expand_dims(tf.sparse.SparseTensor([[0, 1]], [1.], [2, 3]), 1),
    'const_ret': lambda x: tf.sparse.retain(tf.sparse.SparseTensor([[0, 1]], [1.], [2, 3]), [True]),
    'to_dense': lambda x: tf.sparse.to_dense(x),
    'to_dense_re': lambda x: tf.sparse.to_dense(tf.sparse.reorder(x)),
}
# (name, TF 2.21's output type for an argument of [3, 10], for one of [None, 10])
_TYPES = [
    ('ident', 'SparseTensorSpec(TensorShape([3, 10]), tf.float32)', 'SparseTensorSpec(TensorShape([None, 10]), tf.float32)'),
    ('reorder', 'SparseTensorSpec(TensorShape([3, 10]), tf.float32)', 'SparseTensorSpec(TensorShape([None, 10]), tf.float32)'),
    ('add', 'SparseTensorSpec(TensorShape([3, 10]), tf.float32)', 'SparseTensorSpec(TensorShape([None, None]), tf.float32)'),
    ('from_dense', 'SparseTensorSpec(TensorShape([2, 3]), tf.float32)', 'SparseTensorSpec(TensorShape([2, 3]), tf.float32)'),
    ('transpose', 'SparseTensorSpec(TensorShape([10, 3]), tf.float32)', 'SparseTensorSpec(TensorShape([None, None]), tf.float32)'),
    ('mul', 'SparseTensorSpec(TensorShape([None, None]), tf.float32)', 'SparseTensorSpec(TensorShape([None, None]), tf.float32)'),
    ('ctor', 'SparseTensorSpec(TensorShape([3, 10]), tf.float32)', 'SparseTensorSpec(TensorShape([3, 10]), tf.float32)'),
    ('map', 'SparseTensorSpec(TensorShape([None, None]), tf.float32)', 'SparseTensorSpec(TensorShape([None, None]), tf.float32)'),
    ('slice', 'SparseTensorSpec(TensorShape([None, None]), tf.float32)', 'SparseTensorSpec(TensorShape([None, None]), tf.float32)'),
    ('expand', 'SparseTensorSpec(TensorShape([1, None, None]), tf.float32)',
     'SparseTensorSpec(TensorShape([1, None, None]), tf.float32)'),
    ('concat', 'SparseTensorSpec(TensorShape([6, 10]), tf.float32)', 'SparseTensorSpec(TensorShape([None, 10]), tf.float32)'),
    ('concat1', 'SparseTensorSpec(TensorShape([3, 20]), tf.float32)', 'SparseTensorSpec(TensorShape([None, 20]), tf.float32)'),
    ('reduce_sp', 'SparseTensorSpec(TensorShape(None), tf.float32)', 'SparseTensorSpec(TensorShape(None), tf.float32)'),
    ('fill_empty', 'SparseTensorSpec(TensorShape([None, None]), tf.float32)',
     'SparseTensorSpec(TensorShape([None, None]), tf.float32)'),
    ('max', 'SparseTensorSpec(TensorShape([None, None]), tf.float32)', 'SparseTensorSpec(TensorShape([None, None]), tf.float32)'),
    ('reset', 'SparseTensorSpec(TensorShape([None, None]), tf.float32)', 'SparseTensorSpec(TensorShape([None, None]), tf.float32)'),
    ('reset2', 'SparseTensorSpec(TensorShape([4, 12]), tf.float32)', 'SparseTensorSpec(TensorShape([4, 12]), tf.float32)'),
    ('const_exp', 'SparseTensorSpec(TensorShape([None, 1, None]), tf.float32)',
     'SparseTensorSpec(TensorShape([None, 1, None]), tf.float32)'),
    ('const_ret', 'SparseTensorSpec(TensorShape([2, 3]), tf.float32)', 'SparseTensorSpec(TensorShape([2, 3]), tf.float32)'),
    ('to_dense', 'TensorSpec(shape=(None, None), dtype=tf.float32, name=None)',
     'TensorSpec(shape=(None, None), dtype=tf.float32, name=None)'),
    ('to_dense_re', 'TensorSpec(shape=(3, 10), dtype=tf.float32, name=None)',
     'TensorSpec(shape=(None, None), dtype=tf.float32, name=None)'),
]


def _sparse():
    return tf.sparse.SparseTensor(indices=[[0, 3], [2, 4]], values=[15., 25.], dense_shape=[3, 10])


@pytest.mark.parametrize('name, known, open_rows', _TYPES, ids=[row[0] for row in _TYPES])
def test_output_type_of_a_sparse_result(name, known, open_rows):
    f = tf.function(_OPS[name])
    assert f.get_concrete_function(_sparse()).pretty_printed_signature().splitlines()[3] == '  ' + known
    g = tf.function(_OPS[name])
    spec = tf.SparseTensorSpec([None, 10], tf.float32)
    assert g.get_concrete_function(spec).pretty_printed_signature().splitlines()[3] == '  ' + open_rows


def test_structured_outputs_are_graph_tensors():
    f = tf.function(lambda x: (x, x.values))
    cf = f.get_concrete_function(_sparse())
    assert str(cf.structured_outputs) == (
        '(SparseTensor(indices=Tensor("Identity:0", shape=(None, 2), dtype=int64), values=Tensor("Identity_1:0", '
        'shape=(None,), dtype=float32), dense_shape=Tensor("Identity_2:0", shape=(2,), dtype=int64)), '
        '<tf.Tensor \'Identity_3:0\' shape=(None,) dtype=float32>)')
    assert cf.pretty_printed_signature().splitlines()[3] == (
        '  Tuple[SparseTensorSpec(TensorShape([3, 10]), tf.float32), TensorSpec(shape=(None,), dtype=tf.float32, '
        'name=None)]')
    assert [t.name for t in cf.outputs] == ['Identity:0', 'Identity_1:0', 'Identity_2:0', 'Identity_3:0']
    g = tf.function(lambda x: tf.sparse.reduce_sum(x, axis=1, output_is_sparse=True))
    assert str(g.get_concrete_function(_sparse()).structured_outputs) == (
        'SparseTensor(indices=Tensor("Identity:0", dtype=int64), values=Tensor("Identity_1:0", dtype=float32), '
        'dense_shape=Tensor("Identity_2:0", dtype=int64))')


def test_the_sparse_guides_map_values_trace():
    # tutorials67/sparsefn.py: g's trace called first, then its concrete functions printed
    @tf.function
    def g(x):
        return tf.sparse.map_values(tf.multiply, x, 2)
    a = tf.sparse.SparseTensor(indices=[[0, 3], [2, 4]], values=[15, 25], dense_shape=[3, 10])
    assert g(a).values.numpy().tolist() == [30, 50]
    cf = g.get_concrete_function(a)
    assert str(cf) == (
        'ConcreteFunction Input Parameters:\n'
        '  x (POSITIONAL_OR_KEYWORD): SparseTensorSpec(TensorShape([3, 10]), tf.int32)\n'
        'Output Type:\n'
        '  SparseTensorSpec(TensorShape([None, None]), tf.int32)\n'
        'Captures:\n'
        '  None')
    assert str(cf.structured_outputs) == (
        'SparseTensor(indices=Tensor("Identity:0", shape=(None, 2), dtype=int64), values=Tensor("Identity_1:0", '
        'shape=(None,), dtype=int32), dense_shape=Tensor("Identity_2:0", shape=(2,), dtype=int64))')
