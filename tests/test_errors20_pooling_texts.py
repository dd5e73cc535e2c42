"""errors20: a VALID max pool whose window does not fit the input raises TF 2.21's words (printed by TF 2.21 on
this Xeon, /work/notes/progs/errors20/c5.py, c8.py): called eagerly where oneDNN runs TF's MaxPool, the kernel's
AbortedError; placed after a keras.Input in a Sequential, Keras's compute_output_shape refusal inside the symbolic
call's banner (tapeflow raised it bare, from its shapes-only build, with its hint in the sentence: a note now)."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from tests.helpers_error_texts import assert_raises_exactly

_MKL = ('{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} Compute received an '
        'exception:Status: 2, message: could not create a descriptor for a pooling forward propagation primitive, in '
        'file tensorflow/core/kernels/mkl/mkl_maxpooling_op.cc:211 [Op:%s] name: ')


def _banner(layer, message, received):
    return ('Exception encountered when calling %s.call().\n\n\x1b[1m%s\x1b[0m\n\nArguments received by %s.call():\n'
            '  \u2022 %s' % (layer, message, layer, received))


@pytest.mark.parametrize('call, text', [
    (lambda: keras.layers.MaxPooling2D(3, strides=2)(np.ones((1, 2, 2, 1), 'float32')),
     _banner('MaxPooling2D', _MKL % ('MaxPool', 'MaxPool'), 'inputs=tf.Tensor(shape=(1, 2, 2, 1), dtype=float32)')),
    (lambda: keras.layers.MaxPooling3D(3)(np.ones((1, 2, 2, 2, 1), 'float32')),
     _banner('MaxPooling3D', _MKL % ('MaxPool3D', 'MaxPool3D'),
             'inputs=tf.Tensor(shape=(1, 2, 2, 2, 1), dtype=float32)')),
    (lambda: tf.nn.max_pool2d(np.ones((1, 2, 2, 1)), 3, 3, 'VALID'), _MKL % ('MaxPool', 'MaxPool')),
    (lambda: tf.nn.max_pool1d(np.ones((1, 2, 1), 'float32'), 3, 3, 'VALID'), _MKL % ('MaxPool', 'MaxPool')),
])
def test_onednn_max_pool_refuses_an_empty_output(call, text, monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')
    assert_raises_exactly(call, tf.errors.AbortedError, text)


def test_a_sequential_pool_too_large_for_its_input_is_refused_in_the_symbolic_call():
    keras.backend.clear_session()
    assert_raises_exactly(
        lambda: keras.Sequential([keras.Input((2, 2, 1)), keras.layers.MaxPooling2D(3)]), ValueError,
        _banner('MaxPooling2D', 'Computed output size would be zero or negative. Received: `inputs.shape=[None 2 2 1]`,'
                ' `pool_size=[3 3]`, `strides=(3, 3)`, `padding=valid`.',
                "args=('<KerasTensor shape=(None, 2, 2, 1), dtype=float32, sparse=False, ragged=False, "
                "name=keras_tensor>',)\n  \u2022 kwargs=<class 'inspect._empty'>"))
