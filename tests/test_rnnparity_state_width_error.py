"""Initial states of another width than the units: Keras 3 on TF 2.21 fails in the cell's
``matmul(h, recurrent_kernel)`` and words it as the cell's call (texts printed by TF 2.21,
progs/rnnparity/r22_stshape.py, r23_grurb.py). tapeflow raised its own 'initial_state must be ...'
naming the layer's call."""
import numpy as np
import pytest

from framework import errors
from framework.keras import layers

pytestmark = pytest.mark.usefixtures("xeon_cpu", "onednn_on")     # (the MklMatMul node of TF 2.21 on the Xeon)

X = np.random.RandomState(5).randn(8, 7, 4).astype('float32')
MKL = '{{function_node __wrapped____MklMatMul_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def _zeros(*shape):
    return np.zeros(shape, 'float32')


def _text(cell, step_arg, h, kernel, states, training=False):
    shown = tuple('tf.Tensor(shape=%s, dtype=float32)' % (s,) for s in states)
    return ('Exception encountered when calling %s.call().\n\n\x1b[1m%sMatrix size-incompatible: In[0]: [%d,%d], '
            'In[1]: [%d,%d] [Op:MatMul] name: \x1b[0m\n\nArguments received by %s.call():\n'
            '  \u2022 %s=tf.Tensor(shape=(8, 4), dtype=float32)\n  \u2022 states=%s\n  \u2022 training=%s'
            % (cell, MKL, h[0], h[1], kernel[0], kernel[1], cell, step_arg, shown, training))


@pytest.mark.parametrize('make, states, kwargs, expected', [
    (lambda: layers.LSTM(3), [_zeros(8, 4), _zeros(8, 4)], {},
     _text('LSTMCell', 'inputs', (8, 4), (3, 12), [(8, 4), (8, 4)])),
    (lambda: layers.LSTM(3), [_zeros(8, 5), _zeros(8, 3)], {},
     _text('LSTMCell', 'inputs', (8, 5), (3, 12), [(8, 5), (8, 3)])),
    (lambda: layers.GRU(3), _zeros(8, 2), {},
     _text('GRUCell', 'inputs', (8, 2), (3, 9), [(8, 2)])),
    (lambda: layers.SimpleRNN(3), [_zeros(8, 4)], {},
     _text('SimpleRNNCell', 'sequence', (8, 4), (3, 3), [(8, 4)])),
    (lambda: layers.RNN(layers.LSTMCell(3)), [_zeros(8, 4), _zeros(8, 4)], {},
     _text('LSTMCell', 'inputs', (8, 4), (3, 12), [(8, 4), (8, 4)])),
    (lambda: layers.GRU(3, return_sequences=True, go_backwards=True), [_zeros(8, 4)], {'training': True},
     _text('GRUCell', 'inputs', (8, 4), (3, 9), [(8, 4)], training=True)),
])
def test_state_of_another_width_fails_in_the_cell_matmul(make, states, kwargs, expected):
    with pytest.raises(errors.InvalidArgumentError) as info:
        make()(X, initial_state=states, **kwargs)
    assert str(info.value) == expected


def test_gru_reset_before_multiplies_two_thirds_of_the_recurrent_kernel():
    x = np.random.RandomState(5).randn(2, 3, 4).astype('float32')
    with pytest.raises(errors.InvalidArgumentError, match=r'In\[0\]: \[2,5\], In\[1\]: \[3,6\]'):
        layers.GRU(3, reset_after=False)(x, initial_state=[_zeros(2, 5)])
