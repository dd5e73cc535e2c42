"""A keras.ops op that fails while a functional model runs is worded as Keras 3's Operation.__call__ words it:
'Exception encountered when calling Reshape.call().' with the op's own arguments, not the model's banner
('... calling Functional.call()' with the inputs as arrays), as TF 2.21 prints it.
Goldens: /work/notes/progs/layers27/opbanner.py and opbanner3.py, run under TF 2.21.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops
_SHAPES = [np.ones((2, 3), 'float32'), np.ones((3, 3), 'float32')]


def _banner(op, message, arguments):
    where = '%s.call()' % op
    return ('Exception encountered when calling %s.\n\n\x1b[1m%s\x1b[0m\n\nArguments received by %s:\n%s'
            % (where, message, where, '\n'.join('  \u2022 ' + line for line in arguments)))


def _kernel(node, text, op, name=''):
    return ('{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s] name: %s'
            % (node, text, op, name))


T23, T33 = 'tf.Tensor(shape=(2, 3), dtype=float32)', 'tf.Tensor(shape=(3, 3), dtype=float32)'


@pytest.mark.parametrize('build, text', [
    (lambda a, b: ops.add(a, b), _banner('Add', _kernel('AddV2', 'Incompatible shapes: [2,3] vs. [3,3]', 'AddV2'),
                                         ['x1=' + T23, 'x2=' + T33])),
    (lambda a, b: a - b, _banner('Subtract', _kernel('Sub', 'Incompatible shapes: [2,3] vs. [3,3]', 'Sub'),
                                 ['x1=' + T23, 'x2=' + T33])),
    (lambda a, b: ops.concatenate([a, b], axis=-1), _banner(
        'Concatenate', _kernel('ConcatV2_N_2', 'ConcatOp : Dimension 0 in both shapes must be equal: shape[0] = '
                               '[2,3] vs. shape[1] = [3,3]', 'ConcatV2', 'concat'), ["xs=['%s', '%s']" % (T23, T33)])),
    (lambda a, b: ops.where(a > 0, a, b), _banner(
        'Where', _kernel('SelectV2', 'condition [2,3], then [2,3], and else [3,3] must be broadcastable', 'SelectV2'),
        ['condition=tf.Tensor(shape=(2, 3), dtype=bool)', 'x1=' + T23, 'x2=' + T33])),
    (lambda a, b: ops.stack([a, b]), _banner(
        'Stack', _kernel('Pack_N_2', 'Shapes of all inputs must match: values[0].shape = [2,3] != values[1].shape = '
                         '[3,3]', 'Pack', 'stack'), ["x=['%s', '%s']" % (T23, T33)])),
])
def test_op_errors_name_the_op(build, text):
    a, b = keras.Input((3,)), keras.Input((3,))
    model = keras.Model([a, b], build(a, b))
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        model(_SHAPES)
    assert str(info.value) == text


def test_reshape_and_broadcast_to():
    x = keras.Input((4,))
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        keras.Model(x, ops.reshape(x, (-1, 3)))(np.ones((2, 4), 'float32'))
    assert str(info.value) == _banner('Reshape', '{{function_node __wrapped__Reshape_device_/job:localhost/replica:0/'
                                      'task:0/device:CPU:0}} Input to reshape is a tensor with 8 values, but the '
                                      'requested shape requires a multiple of 3 [Op:Reshape]',
                                      ['x=tf.Tensor(shape=(2, 4), dtype=float32)'])
    with pytest.raises(ValueError) as info:
        keras.Model(x, ops.broadcast_to(x, (None, 4)))(np.ones((2, 4), 'float32'))
    assert str(info.value) == _banner('BroadcastTo', "Attempt to convert a value (None) with an unsupported type "
                                      "(<class 'NoneType'>) to a Tensor.", ['x=tf.Tensor(shape=(2, 4), dtype=float32)'])


def test_symbolic_errors_keep_their_words():
    # (the stand-in runs read the op's own error: no banner on a KerasTensor call, as in Keras)
    with pytest.raises(ValueError, match='^Cannot broadcast shape'):
        ops.add(keras.Input((3,)), keras.Input((4,)))
