"""Operands of the wrong rank refused in TF 2.21's kernel words (progs/me19/rank0.py and the op fuzzes,
run under TF 2.21 and tapeflow; the texts are TF's)."""
import numpy as np
import pytest

import framework as tf

_WRAPPED = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
S = tf.constant(1.5, tf.float64)


@pytest.mark.parametrize('fn, kernel', [(tf.nn.softmax, 'Softmax'), (tf.nn.log_softmax, 'LogSoftmax')])
def test_softmax_of_a_scalar_is_the_kernels_error(fn, kernel):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        fn(S)
    assert str(caught.value) == (_WRAPPED % kernel) + 'logits must have >= 1 dimension, got [] [Op:%s] name: ' % kernel
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:       # another axis: the wrapper's range check
        fn(S, 0)
    assert str(caught.value).startswith('`dim` must be in the range [0, 0)')


@pytest.mark.parametrize('axis, text', [
    (-1, 'ConcatOp : Expected concatenating dimensions in the range [0, 0), but got -1'),
    (1, 'ConcatOp : Expected concatenating dimensions in the range [0, 0), but got 1'),
    (0, "ConcatOp : Can't concatenate scalars (use tf.stack instead)")])
def test_concat_of_scalars(axis, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.concat([S, S], axis)
    assert str(caught.value) == (_WRAPPED % 'ConcatV2_N_2') + text + ' [Op:ConcatV2] name: concat'


@pytest.mark.parametrize('equation, shapes, text', [
    ('ij,j->i', [(2,), (2,)], 'Expected input 0 to have rank 2 but got: 1'),
    ('i,ij->j', [(2,), (2,)], 'Expected input 1 to have rank 2 but got: 1'),
    ('...ij,j->i', [(2,), (2,)], 'Expected input 0 to have rank at least 2 but got: 1'),
    ('i,i->', [(2, 2), (2,)], 'Expected input 0 to have rank 1 but got: 2'),
    ('...i,...i->...', [(), ()], 'Expected input 0 to have rank at least 1 but got: 0')])
def test_einsum_operand_ranks(equation, shapes, text, monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')      # TF's plain Einsum (oneDNN's names '__MklEinsum')
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.einsum(equation, *[tf.ones(s) for s in shapes])
    assert str(caught.value) == (_WRAPPED % ('Einsum_N_%d' % len(shapes))) + text + ' [Op:Einsum] name: '


def test_gather_from_a_variable_along_a_negative_axis_is_gather_v2():
    v = tf.Variable(np.zeros((0, 3), np.float32))
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.gather(v, [0], axis=-2)
    assert str(caught.value) == (_WRAPPED % 'GatherV2') + 'indices[0] = 0 is not in [0, 0) [Op:GatherV2]'
