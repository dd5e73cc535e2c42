"""Recurrent layers given a sequence without steps or a mask that does not fit it: TF 2.21's errors.

Keras 3's TensorFlow backend reads the first step with a StridedSlice and runs a while_loop that
unstacks the mask into a TensorArray the size of the sequence and selects each step's output with
tf.where, so a mismatch fails where that goes wrong first. tapeflow raised its own sentence (now a
note) in every case and refused a mask of one row, which TF broadcasts over the batch.
Golden texts and values printed by TF 2.21 (/work/notes/progs/errors37/rnn.py, rnn2.py, rnn3.py, rnn4.py,
td.py: `layer(x, mask=m)` inside try / except, printing type(e).__name__ and the message's middle line)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers
X = tf.reshape(tf.range(12, dtype=tf.float32), [1, 4, 3]) / 10.
X2 = tf.reshape(tf.range(24, dtype=tf.float32), [2, 4, 3]) / 10.


def _layer(cls=L.LSTM, **kwargs):
    return cls(2, kernel_initializer='ones', recurrent_initializer='ones', **kwargs)


def _middle_line(error):
    """The kernel's text between Keras's 'Exception encountered when calling ...' and its argument list."""
    return str(error).split('\n')[2].replace('\x1b[1m', '').replace('\x1b[0m', '')


def _strided_slice_text(scope):
    return ('{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} slice '
            'index 0 of dimension 1 out of bounds. [Op:StridedSlice] name: %sstrided_slice/' % scope)


@pytest.mark.parametrize('call, scope', [
    (lambda: L.LSTM(2, name='enc')(tf.ones([1, 0, 3])), 'enc/'),
    (lambda: L.SimpleRNN(2, name='s', go_backwards=True)(tf.ones([1, 0, 3])), 's/'),
    (lambda: keras.Sequential([keras.Sequential([L.LSTM(2, name='l')], name='inner')], name='outer')(
        tf.ones([1, 0, 3])), 'outer/inner/l/'),
    (lambda: L.Bidirectional(L.GRU(2), name='bi')(tf.ones([1, 0, 3])), 'bi/forward_gru/'),
])
def test_a_sequence_without_steps_fails_in_the_first_step_slice(call, scope):
    keras.backend.clear_session()       # (forward_gru: the name Bidirectional gives its copy)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert _middle_line(info.value) == _strided_slice_text(scope)
    assert any('has no time steps' in note for note in info.value.__notes__)


@pytest.mark.parametrize('make, x, mask, error_class, text', [
    # more mask steps than sequence steps: the TensorArray's unstack
    (lambda: _layer(), X, tf.ones([1, 5], tf.bool), ValueError,
     'Cannot unstack 5 tensors into a TensorArray of static size 4 '),
    (lambda: _layer(L.GRU, go_backwards=True), X, tf.ones([1, 5, 1], tf.bool), ValueError,
     'Cannot unstack 5 tensors into a TensorArray of static size 4 '),
    # fewer: the loop's read past the mask's last step, backwards too
    (lambda: _layer(), X, tf.ones([1, 2], tf.bool), tf.errors.OutOfRangeError,
     'Tried to read from index 2 but array size is: 2 '),
    (lambda: _layer(L.GRU, go_backwards=True), X, tf.ones([1, 1], tf.bool), tf.errors.OutOfRangeError,
     'Tried to read from index 1 but array size is: 1 '),
    # another batch: the select broadcasts to the mask's rows, which the loop's shape check refuses ...
    (lambda: _layer(L.SimpleRNN), X, tf.ones([3, 4], tf.bool), ValueError,
     'Incompatible shape for value ((3, 2)), expected ((1, 2))'),
    (lambda: L.RNN([L.GRUCell(3), L.GRUCell(5)]), X, tf.ones([2, 4], tf.bool), ValueError,
     'Incompatible shape for value ((2, 5)), expected ((1, 5))'),
    # ... or that the select cannot broadcast (checked before the short read)
    (lambda: _layer(), X2, tf.ones([3, 3], tf.bool), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__SelectV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} condition [3,1], '
     'then [2,2], and else [2,2] must be broadcastable [Op:SelectV2] name: '),
    # fewer than two axes: Keras's swap of the batch and time axes
    (lambda: _layer(), X, tf.ones([4], tf.bool), IndexError, 'list assignment index out of range'),
    # unrolled: a Python list of the mask's steps
    (lambda: _layer(unroll=True), X, tf.ones([1, 3], tf.bool), IndexError, 'list index out of range'),
])
def test_masks_that_do_not_fit_fail_where_tf_fails(make, x, mask, error_class, text):
    with pytest.raises(error_class) as info:
        make()(x, mask=mask)
    assert _middle_line(info.value) == text
    assert any('the mask must have shape (batch, steps)' in note for note in info.value.__notes__)


def test_a_python_list_mask_has_no_dtype():
    # Keras takes the list's first entry and reads its dtype
    with pytest.raises(AttributeError) as info:
        _layer()(X, mask=[[True, False, True, True]])
    assert _middle_line(info.value) == "'list' object has no attribute 'dtype'"
    with pytest.raises(AttributeError) as info:
        _layer()(X, mask=[True, False, True, True])
    assert _middle_line(info.value) == "'bool' object has no attribute 'dtype'"


def test_a_mask_of_one_row_masks_every_sequence():
    # printed by TF 2.21: LSTM(2, kernel_initializer='ones', recurrent_initializer='ones')(X2,
    # mask=tf.constant([[True, False, True, True]])).numpy().round(4).tolist()
    out = _layer()(X2, mask=tf.constant([[True, False, True, True]])).numpy()
    np.testing.assert_allclose(out, [[0.9549, 0.9549], [0.9946, 0.9946]], atol=6e-5)


def test_time_distributed_over_no_steps():
    with pytest.raises(ValueError) as info:
        L.TimeDistributed(L.Dense(2))(tf.ones([1, 0, 3]))
    assert _middle_line(info.value) == 'axis 1 is out of bounds for an array with dimension 1.'
