"""errors20: a built recurrent layer called on steps of another feature size raises Keras 3.15 on TF 2.21's error:
its cell's matmul of the first step with the kernel fails (oneDNN's MatMul here), worded as the cell's call with
the step and the initial states it received (printed by TF 2.21, /work/notes/progs/errors20/c2.py, c5.py);
tapeflow said 'affine: input of shape (1, 2, 5) does not match a kernel of shape (3, 16)' in the layer's banner."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from tests.helpers_error_texts import assert_raises_exactly

_MATMUL = ('{{function_node __wrapped____MklMatMul_device_/job:localhost/replica:0/task:0/device:CPU:0}} Matrix '
           'size-incompatible: In[0]: [1,5], In[1]: [3,%d] [Op:MatMul] name: ')
_STATE = "'tf.Tensor(shape=(1, 4), dtype=float32)'"


def _banner(cell, step, kernel_columns, states):
    return ('Exception encountered when calling %s.call().\n\n\x1b[1m%s\x1b[0m\n\nArguments received by %s.call():\n'
            '  \u2022 %s=tf.Tensor(shape=(1, 5), dtype=float32)\n  \u2022 states=%s\n  \u2022 training=False'
            % (cell, _MATMUL % kernel_columns, cell, step, states))


@pytest.mark.parametrize('make, text', [
    (lambda: keras.layers.LSTM(4), _banner('LSTMCell', 'inputs', 16, '(%s, %s)' % (_STATE, _STATE))),
    (lambda: keras.layers.LSTM(4, return_sequences=True), _banner('LSTMCell', 'inputs', 16, '(%s, %s)' % (_STATE, _STATE))),
    (lambda: keras.layers.GRU(4), _banner('GRUCell', 'inputs', 12, '(%s,)' % _STATE)),
    (lambda: keras.layers.SimpleRNN(4), _banner('SimpleRNNCell', 'sequence', 4, '(%s,)' % _STATE)),
])
def test_steps_of_another_feature_size(make, text, monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')
    layer = make()
    layer(np.ones((1, 2, 3), 'float32'))
    before = [w.numpy().copy() for w in layer.weights]
    assert_raises_exactly(lambda: layer(np.ones((1, 2, 5), 'float32')), tf.errors.InvalidArgumentError, text)
    assert all((a == b.numpy()).all() for a, b in zip(before, layer.weights))
    assert layer(np.ones((1, 2, 3), 'float32')).shape[-1] == 4        # still usable with its own size
