"""keras.ops.rot90 of any turn count, axes and rank of 2 or more, and keras.ops.einsum of three or four operands print,
inside a tf.function, TF 2.21's graph tensors: rot90 reshapes again after its first quarter turn and flips and
transposes once per turn ('transpose_3' for k=2, 'transpose_4' for k=3 or -1, 'transpose_2' for one turn), its
static shape the two axes' lengths swapped for odd turns; tf.einsum contracts pairwise in one 'einsum' scope
('einsum/Einsum_1' for three operands, 'einsum/Einsum_2' for four). tapeflow printed the eager values (of its
stand-in length 1). Texts: TF 2.21's (notes/progs/kerasops8/misc.py, e3.py and their _tf.out)."""
import pytest

import framework as tf
from framework import keras

ops = keras.ops


def _texts(fn, shape, dtype='float32'):
    texts = []

    @tf.function(input_signature=[tf.TensorSpec(shape, dtype)])
    def f(x):
        texts.extend(str(t) for t in (fn(x), x + x))
        return x
    f.get_concrete_function()
    return texts


@pytest.mark.parametrize('shape, kwargs, name, result_shape', [
    ((None, 4), {'k': 2}, 'transpose_3', (None, 4)),
    ((None, 4), {'k': 3}, 'transpose_4', (4, None)),
    ((None, 4), {'k': -1}, 'transpose_4', (4, None)),
    ((None, 4), {'axes': (1, 0)}, 'transpose_2', (4, None)),
    ((3, 4), {}, 'transpose_2', (4, 3)),
    ((None, 4, 2), {}, 'transpose_2', (4, None, 2)),
    ((None, 4, 2), {'axes': (1, 2)}, 'transpose_2', (None, 2, 4)),
])
def test_rot90_turns_axes_and_ranks(shape, kwargs, name, result_shape):
    assert _texts(lambda x: ops.rot90(x, **kwargs), shape) == [
        'Tensor("%s:0", shape=%s, dtype=float32)' % (name, result_shape),
        'Tensor("add:0", shape=%s, dtype=float32)' % (shape,)]


def test_rot90_of_four_turns_is_x_itself():
    assert _texts(lambda x: ops.rot90(x, k=4), (None, 4)) == [
        'Tensor("x:0", shape=(None, 4), dtype=float32)', 'Tensor("add:0", shape=(None, 4), dtype=float32)']


@pytest.mark.parametrize('shape, dtype, fn, name, result_shape', [
    ((None, 4), 'float32', lambda x: ops.einsum('ij,jk,kl->il', x, ops.ones((4, 2)), ops.ones((2, 3))),
     'einsum/Einsum_1', (None, 3)),
    ((3, 4), 'float32', lambda x: ops.einsum('ij,jk,kl->il', x, ops.ones((4, 2)), ops.ones((2, 3))),
     'einsum/Einsum_1', (3, 3)),
    ((None, 4), 'float32', lambda x: ops.einsum('ij,ij,ij->i', x, x, x), 'einsum/Einsum_1', (None,)),
    ((None,), 'float32', lambda x: ops.einsum('i,j,k->ijk', x, x, x), 'einsum/Einsum_1', (None, None, None)),
    ((None, 4, 5), 'float32', lambda x: ops.einsum('ijz,jk,kl->il', x, ops.ones((4, 2)), ops.ones((2, 3))),
     'einsum/Einsum_1', (None, 3)),
    ((None, 4), 'float64', lambda x: ops.einsum('ij,jk,kl->il', x, ops.ones((4, 2), 'float64'),
                                               ops.ones((2, 3), 'float64')), 'einsum/Einsum_1', (None, 3)),
    ((None, 4), 'float32', lambda x: ops.einsum('ij,jk,kl,lm->im', x, ops.ones((4, 2)), ops.ones((2, 3)),
                                               ops.ones((3, 5))), 'einsum/Einsum_2', (None, 5)),
])
def test_einsum_of_more_operands(shape, dtype, fn, name, result_shape):
    assert _texts(fn, shape, dtype) == [
        'Tensor("%s:0", shape=%s, dtype=%s)' % (name, result_shape, dtype),
        'Tensor("add:0", shape=%s, dtype=%s)' % (shape, dtype)]


def test_a_second_einsum_opens_its_own_scope():
    texts = _texts(lambda x: (ops.einsum('ij,ij,ij->i', x, x, x), ops.einsum('ij,ij,ij->i', x, x, x))[1], (None, 4))
    assert texts[0] == 'Tensor("einsum_1/Einsum_1:0", shape=(None,), dtype=float32)'


@pytest.mark.parametrize('shape, fn, name, result_shape', [
    # Keras renames the letters in order of use first: 'kj,ji' is 'ab,bc', implicitly 'ac' (numpy: (i, k))
    ((None, 3), lambda x: ops.einsum('kj,ji', x, ops.ones((3, 4))), 'einsum/Einsum', (None, 4)),
    ((None, 3), lambda x: ops.einsum('...j,jk->...k', x, ops.ones((3, 4))), 'einsum/Einsum', (None, 4)),
    ((None, 2, 3), lambda x: ops.einsum('...j,jk', x, ops.ones((3, 4))), 'einsum/Einsum', (None, 2, 4)),
    ((None, 2, 3), lambda x: ops.einsum('...ij,...jk->...ik', x, ops.ones((5, 1, 3, 4))), 'einsum/Einsum',
     (5, None, 2, 4)),
    ((None, 3), lambda x: ops.einsum('ij->', x), 'einsum/Einsum', ()),
    ((None, 4), lambda x: ops.einsum('ij,jk,kl', x, ops.ones((4, 2)), ops.ones((2, 3))), 'einsum/Einsum_1', (None, 3)),
    ((None, 4), lambda x: ops.einsum('...j,jk,kl->...l', x, ops.ones((4, 2)), ops.ones((2, 3))), 'einsum/Einsum_1',
     (None, 3)),
])
def test_einsum_implicit_outputs_and_ellipses(shape, fn, name, result_shape):
    # TF 2.21: notes/progs/kerasops8/eimp2.py, e3.py (their _tf.out)
    assert _texts(fn, shape)[0] == 'Tensor("%s:0", shape=%s, dtype=float32)' % (name, result_shape)
