"""keras.ops.ctc_loss / ctc_decode and keras.losses.CTC with float (or bool) targets and float lengths, as
Keras 3's TensorFlow backend takes them: the target cast to int32 (fractions truncated), output_length and
sequence_lengths cast too; keras.losses.ctc counts a target's non-zero entries before that cast. A compiled
CTC loss sees y_true as float32 (Keras converts targets to the loss's dtype), so keras.io's speech
recognition example (ops.ctc_loss in its loss function) raised in tapeflow. Goldens printed by TF 2.21
(notes/progs/kerasexamples16/p19_ctc_dtypes.py, p19b.py, p17_ctc_asr.py).
"""
import numpy as np
import pytest

from framework import keras

LOGITS = np.random.RandomState(0).randn(2, 6, 5).astype('float32')
INT_LOSS = ['0x1.661f940000000p+2', '0x1.9e743e0000000p+2']


def hexes(values):
    return [float.hex(float(v)) for v in np.ravel(values)]


@pytest.mark.parametrize('target, length, frames', [
    (np.array([[1, 2, 3], [4, 1, 0]], 'float32'), np.array([3, 2]), np.array([6, 5])),
    (np.array([[1.7, 2.2, 3.9], [4.5, 1.1, 0.3]], 'float32'), np.array([3, 2]), np.array([6, 5])),
    (np.array([[1, 2, 3], [4, 1, 0]], 'float64'), np.array([3, 2]), np.array([6, 5])),
    (np.array([[1, 2, 3], [4, 1, 0]], 'int32'), np.array([3, 2]), np.array([6.0, 5.0], 'float32')),
], ids=['float32', 'fractions', 'float64', 'float-output-length'])
def test_ctc_loss_casts_target_and_output_length(target, length, frames):
    loss = keras.ops.ctc_loss(target, LOGITS, length, frames)
    assert loss.dtype == 'float32'
    assert hexes(loss) == INT_LOSS


def test_ctc_loss_bool_target():
    target = np.array([[1, 0, 1], [1, 1, 0]], 'bool')
    assert hexes(keras.ops.ctc_loss(target, LOGITS, np.array([3, 2]), np.array([6, 5]))) == \
        ['0x1.f36b2c0000000p+2', '0x1.960a400000000p+2']


def test_ctc_loss_class_counts_fractions_before_the_cast():
    int_target = np.array([[1, 2, 3], [4, 1, 0]], 'int32')
    assert float.hex(float(keras.losses.CTC()(int_target, LOGITS))) == '0x1.9445e80000000p+2'
    assert float.hex(float(keras.losses.CTC()(int_target.astype('float32'), LOGITS))) == '0x1.9445e80000000p+2'
    fractions = np.array([[1.7, 2.2, 3.9], [4.5, 1.1, 0.3]], 'float32')      # 0.3 counts, then is the blank 0
    assert hexes(keras.losses.ctc(fractions, LOGITS)) == ['0x1.661f940000000p+2', '0x1.ce87e80000000p+2']
    assert float.hex(float(keras.losses.CTC()(fractions, LOGITS))) == '0x1.9a53be0000000p+2'


def test_ctc_decode_float_sequence_lengths():
    decoded, scores = keras.ops.ctc_decode(LOGITS, np.array([6.0, 5.0], 'float32'))
    assert np.asarray(decoded).tolist() == [[[3, 1, 4, 3, -1, -1], [1, 3, 2, 1, -1, -1]]]
    assert hexes(scores) == ['-0x1.3e23c80000000p+3', '-0x1.2e4fce0000000p+2']


def test_compiled_ctc_loss_function_on_int_targets_trains():
    keras.utils.set_random_seed(0)

    def ctc_loss(y_true, y_pred):       # keras.io's CTCLoss, on keras.ops: y_true arrives as float32
        batch = keras.ops.shape(y_true)[0]
        frames = keras.ops.shape(y_pred)[1] * keras.ops.ones((batch,), 'int64')
        labels = keras.ops.shape(y_true)[1] * keras.ops.ones((batch,), 'int64')
        return keras.ops.ctc_loss(y_true, y_pred, labels, frames)

    model = keras.Sequential([keras.Input((6, 3)), keras.layers.Dense(5, activation='softmax')])
    model.compile(optimizer='sgd', loss=ctc_loss)
    x = np.random.RandomState(1).randn(4, 6, 3).astype('float32')
    y = np.array([[1, 2], [3, 4], [2, 2], [4, 1]], 'int64')
    history = model.fit(x, y, epochs=1, batch_size=2, verbose=0)
    assert np.isfinite(history.history['loss'][0])
