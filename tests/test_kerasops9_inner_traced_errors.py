"""keras.ops.inner inside a tf.function fails as TF 2.21's graph fails building Keras 3's tf.cond (both branches traced,
whatever the ranks): operands whose traced shapes do not broadcast ((None, 3, 4) and (2, 4), which the tensordot
alone takes) are the Mul branch's ValueError "Dimensions must be equal, but are 3 and 2 for '{{node cond/mul}} =
Mul[T=DT_FLOAT](cond/mul/x, cond/mul/ones)' with input shapes: [?,3,4], [2,4].", an operand of rank 0 (a Python
number, a scalar tensor) the tensordot branch's IndexError 'list index out of range'. tapeflow returned the eager
product (or, for unequal last axes, its own InvalidArgumentError). Names used before the failure stay used ('Rank_2',
'cond_1' after it). Texts: TF 2.21's (notes/progs/kerasops9/inner.py, inner2.py and their _tf.out)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops


def _traced(fn, shape=(None, 3, 4), dtype='float32', after=None):
    """What ``fn(x)`` gives in a trace over a TensorSpec: ('ERR', class name, text) or ('OK', text); then the texts of
    ``after(x)``."""
    seen = []

    @tf.function(input_signature=[tf.TensorSpec(shape, dtype)])
    def f(x):
        try:
            seen.append(('OK', str(fn(x))))
        except Exception as error:      # noqa: BLE001
            seen.append(('ERR', type(error).__name__, str(error)))
        if after is not None:
            seen.append(tuple(str(t) for t in after(x)))
        return x
    f.get_concrete_function()
    return seen[:2] if after is not None else seen[0]


def _mul_error(dims, node_inputs, shapes, dtype='DT_FLOAT', node='cond/mul'):
    return ('ERR', 'ValueError', "Dimensions must be equal, but are %d and %d for '{{node %s}} = Mul[T=%s](%s)' with "
            "input shapes: %s." % (dims + (node, dtype, ', '.join(node + '/' + n for n in node_inputs), shapes)))


@pytest.mark.parametrize('fn, shape, dtype, expected', [
    # TF 2.21 gives "Dimensions must be equal, but are 3 and 2 for '{{node cond/mul}} = Mul[T=DT_FLOAT](cond/mul/x,
    # cond/mul/ones)' with input shapes: [?,3,4], [2,4]." and so on (inner_tf.out, inner2_tf.out)
    (lambda x: ops.inner(x, ops.ones((2, 4))), (None, 3, 4), 'float32',
     _mul_error((3, 2), ('x', 'ones'), '[?,3,4], [2,4]')),
    (lambda x: ops.inner(ops.ones((2, 4)), x), (None, 3, 4), 'float32',
     _mul_error((2, 3), ('ones', 'x'), '[2,4], [?,3,4]')),
    (lambda x: ops.inner(x, ops.ones((5, 4))), (None, 3, 4), 'float32',
     _mul_error((3, 5), ('x', 'ones'), '[?,3,4], [5,4]')),
    (lambda x: ops.inner(x, ops.ones((3,))), (None, 4), 'float32', _mul_error((4, 3), ('x', 'ones'), '[?,4], [3]')),
    (lambda x: ops.inner(x, ops.ones((3,))), (4,), 'float32', _mul_error((4, 3), ('x', 'ones'), '[4], [3]')),
    (lambda x: ops.inner(x, x[:, :3]), (None, 4), 'float32',
     _mul_error((4, 3), ('x', 'strided_slice'), '[?,4], [?,3]')),
    (lambda x: ops.inner(x, ops.ones((2, 4), 'int32')), (None, 3, 4), 'int32',
     _mul_error((3, 2), ('Cast', 'Cast_1'), '[?,3,4], [2,4]')),
    (lambda x: ops.inner(x, np.ones((2, 4), 'float32')), (None, 3, 4), 'float32',
     _mul_error((3, 2), ('x', 'Const'), '[?,3,4], [2,4]')),
    (lambda x: ops.inner(x, ops.ones((2, 4))), (None, 3, 4), 'float64',
     _mul_error((3, 2), ('x', 'Cast'), '[?,3,4], [2,4]', 'DT_DOUBLE')),
    (lambda x: ops.inner(x, ops.ones((2, 4), 'float64')), (None, 3, 4), 'float32',
     _mul_error((3, 2), ('Cast', 'ones'), '[?,3,4], [2,4]', 'DT_DOUBLE')),
    (lambda x: ops.inner(x, ops.ones((2, 4), 'bool')), (None, 3, 4), 'bool',
     _mul_error((3, 2), ('Cast', 'Cast_1'), '[?,3,4], [2,4]')),
])
def test_unbroadcastable_operands_fail_in_the_mul_branch(fn, shape, dtype, expected):
    assert _traced(fn, shape, dtype) == expected


def test_inside_a_name_scope():
    # TF 2.21: "... for '{{node blk/cond/mul}} = Mul[T=DT_FLOAT](blk/cond/mul/blk/mul, blk/cond/mul/blk/ones)' ..."
    def fn(x):
        with tf.name_scope('blk'):
            return ops.inner(x * 2, ops.ones((2, 4)))
    assert _traced(fn) == _mul_error((3, 2), ('blk/mul', 'blk/ones'), '[?,3,4], [2,4]', node='blk/cond/mul')


@pytest.mark.parametrize('fn', [
    lambda x: ops.inner(x, 2.), lambda x: ops.inner(2., x), lambda x: ops.inner(x[0, 0], x[0]),
    lambda x: ops.inner(x[0, 0], x[0, 1]), lambda x: ops.inner(x, tf.constant(2.))])
def test_scalar_operand_fails_in_the_tensordot_branch(fn):
    # TF 2.21: IndexError 'list index out of range' (tensordot's axes [[-1], [-1]] of a rank-0 operand)
    assert _traced(fn, (None, 4)) == ('ERR', 'IndexError', 'list index out of range')


def test_names_used_before_the_failure_stay_used():
    # TF 2.21: after the failed call, tf.ones(()) is 'ones_2', tf.rank 'Rank_2', a later inner 'cond_1/Identity'
    # (shape (3, None)); after the scalar's failure (its Const, Rank, Rank_1, cond used) 'ones', 'Rank_2', 'cond_1'
    def after(x):
        return tf.ones(()), tf.rank(x), ops.inner(x[0], x[0])
    seen = _traced(lambda x: (ops.ones((2,)), ops.inner(x, ops.ones((2, 4)))), after=after)
    assert seen[0] == _mul_error((3, 2), ('x', 'ones_1'), '[?,3,4], [2,4]')
    assert seen[1] == ('Tensor("ones_2:0", shape=(), dtype=float32)', 'Tensor("Rank_2:0", shape=(), dtype=int32)',
                       'Tensor("cond_1/Identity:0", shape=(3, None), dtype=float32)')
    seen = _traced(lambda x: ops.inner(x, 2.), after=after)
    assert seen[1] == ('Tensor("ones:0", shape=(), dtype=float32)', 'Tensor("Rank_2:0", shape=(), dtype=int32)',
                       'Tensor("cond_1/Identity:0", shape=(3, None), dtype=float32)')


def test_bool_inner_is_its_last_cast():
    # TF 2.21: ops.inner of two bool (3, 4) tensors after a failed bool inner is Tensor("Cast_4:0", shape=(3, None),
    # dtype=bool) (Cast, Cast, ..., cond, Cast: the product cast back)
    seen = _traced(lambda x: ops.inner(x, ops.ones((2, 4), 'bool')), dtype='bool',
                   after=lambda x: (ops.inner(x[0], x[0]),))
    assert seen[1] == ('Tensor("Cast_4:0", shape=(3, None), dtype=bool)',)


def test_fitting_operands_still_compute():
    # TF 2.21: (None, 3, 4) with (3, 4) builds: 'cond/Identity'; eagerly the tensordot's value
    assert _traced(lambda x: ops.inner(x, ops.ones((3, 4))))[1].startswith('Tensor("cond/Identity:0"')
    assert ops.inner(np.ones((2, 3, 4), 'float32'), np.ones((2, 4), 'float32')).shape == (2, 3, 2)
    assert float(ops.inner(np.ones((4,), 'float32'), 2.)[0]) == 2.0


@pytest.mark.parametrize('shape, other, expected', [
    # TF 2.21: the cond's output has the shape both branches fit (mul's broadcast, tensordot's x1[:-1] + x2[:-1])
    ((None, 3, 4), (3, 4), '(None, 3, None)'), ((None, 4), (2, 4), '(None, None)'), ((2, 4), (2, 4), '(2, None)')])
def test_cond_output_shape(shape, other, expected):
    assert _traced(lambda x: ops.inner(x, ops.ones(other)), shape) == (
        'OK', 'Tensor("cond/Identity:0", shape=%s, dtype=float32)' % expected)


def test_vector_and_matrix_have_no_shape():
    # TF 2.21: Tensor("cond/Identity:0", dtype=float32) (the branches' ranks differ)
    assert _traced(lambda x: ops.inner(x, ops.ones((4,))), (None, 4)) == (
        'OK', 'Tensor("cond/Identity:0", dtype=float32)')
