"""tf.keras.backend's K.rnn, CTC helpers and window functions against TF 2.21.

Golden values: printed by TF 2.21 (keras._tf_keras backend) for the same calls
(/work/notes/progs/kbackend/gold2.py). CTC and convolution values are compared to 1e-6
(their sums run in another order); the K.rnn values exactly.
"""
import numpy as np
import pytest

import framework as tf
from framework.keras import backend as K

W = [[0.5, -0.25], [0.75, 0.5]]
MASK = [[1, 1, 0, 1], [1, 0, 0, 0]]


def inputs():
    return tf.reshape(tf.range(16, dtype='float32') / 8 - 1, (2, 4, 2))


def step(inp, states):
    h = K.tanh(inp * tf.constant(W)[0] + states[0] * tf.constant(W)[1])
    return h, [h]


def exact(value, expected):
    np.testing.assert_array_equal(np.asarray(value), np.asarray(expected, dtype=np.asarray(value).dtype))


def test_rnn_runs_the_step_over_time():
    last, outputs, states = K.rnn(step, inputs(), [tf.zeros((2, 2))])
    exact(last, [[-0.5260096192359924, 0.1398840993642807], [0.5530686974525452, -0.31183502078056335]])
    exact(outputs[1], [[0.0, -0.0312398299574852], [0.12435301393270493, -0.1089359000325203],
                       [0.3303889036178589, -0.20765359699726105], [0.5530686974525452, -0.31183502078056335]])
    assert isinstance(states, tuple)


def test_rnn_backwards_with_mask_carries_outputs_and_states():
    last, outputs, states = K.rnn(step, inputs(), [tf.zeros((2, 2))], go_backwards=True, mask=tf.constant(MASK))
    exact(last, [[-0.6791837215423584, 0.29483070969581604], [0.0, -0.0312398299574852]])
    exact(outputs[0], [[-0.12435301393270493, 0.0312398299574852], [-0.12435301393270493, 0.0312398299574852],
                       [-0.4367961883544922, 0.17019736766815186], [-0.6791837215423584, 0.29483070969581604]])
    exact(outputs[1], [[0.0, 0.0], [0.0, 0.0], [0.0, 0.0], [0.0, -0.0312398299574852]])
    exact(states[0], [[-0.6791837215423584, 0.29483070969581604], [0.0, -0.0312398299574852]])


def test_rnn_zero_output_for_mask_and_last_output_only():
    last, outputs, _ = K.rnn(step, inputs(), [tf.zeros((2, 2))], mask=tf.constant(MASK), zero_output_for_mask=True)
    exact(last, [[-0.5287575721740723, 0.15886883437633514], [0.0, 0.0]])
    exact(outputs[0, 2], [0.0, 0.0])
    exact(outputs[0, 3], [-0.5287575721740723, 0.15886883437633514])
    _, outputs, _ = K.rnn(step, inputs(), [tf.zeros((2, 2))], return_all_outputs=False)
    assert outputs.shape == (2, 1, 2)


def softmax_outputs():
    return tf.nn.softmax(tf.reshape(tf.range(40, dtype='float32') % 7 / 3, (2, 5, 4)))


def test_ctc_batch_cost_blank_last_and_padded_labels():
    cost = K.ctc_batch_cost(tf.constant([[1, 2], [0, -1]]), softmax_outputs(), tf.constant([[5], [4]]),
                            tf.constant([[2], [1]]))
    assert cost.shape == (2, 1)
    np.testing.assert_allclose(cost.numpy(), [[3.850287675857544], [3.9109902381896973]], rtol=1e-6)


def test_ctc_decode_greedy_and_dense_to_sparse():
    decoded, log_prob = K.ctc_decode(softmax_outputs(), np.array([5, 3]))
    exact(decoded[0], [[2, 1, -1, -1, -1], [0, -1, -1, -1, -1]])
    assert decoded[0].dtype == tf.int64
    np.testing.assert_allclose(log_prob.numpy(), [[4.438237190246582], [2.3717050552368164]], rtol=1e-6)
    with pytest.raises(NotImplementedError, match='greedy=True'):
        K.ctc_decode(softmax_outputs(), np.array([5, 3]), greedy=False)
    sparse = K.ctc_label_dense_to_sparse(tf.constant([[1, 2, 2], [3, 0, 0]]), tf.constant([3, 1]))
    exact(sparse.indices, [[0, 0], [0, 1], [0, 2], [1, 0]])
    exact(sparse.values, [1, 2, 2, 3])


def image():
    return tf.reshape(tf.range(18, dtype='float32') / 9, (1, 3, 3, 2))


def test_window_functions():
    kernel = tf.reshape(tf.range(8, dtype='float32') / 8 - 0.5, (2, 2, 2, 1))
    np.testing.assert_allclose(K.conv2d(image(), kernel, padding='same').numpy()[0, :, :, 0],
                               [[0.5555555820465088, 0.444444477558136, -0.2777777910232544],
                                [0.22222217917442322, 0.1111111044883728, -0.7777777314186096],
                                [-1.8055554628372192, -2.0833334922790527, -1.5972222089767456]], rtol=1e-6)
    np.testing.assert_allclose(K.conv1d(image()[:, 0], kernel[0], padding='causal', dilation_rate=2).numpy()[0, :, 0],
                               [-0.013888888992369175, -0.0972222238779068, -0.2222222238779068], rtol=1e-6)
    exact(K.pool2d(image(), (2, 2), pool_mode='avg')[0, 1],
          [[1.1111111640930176, 1.2222222089767456], [1.3333333730697632, 1.4444444179534912]])
    exact(K.resize_images(image()[..., :1], 2, 1, 'channels_last')[0, :, 0, 0],
          [0.0, 0.0, 0.6666666865348816, 0.6666666865348816, 1.3333333730697632, 1.3333333730697632])
    with pytest.raises(ValueError, match='Invalid pooling mode: sum'):
        K.pool2d(image(), (2, 2), pool_mode='sum')
    with pytest.raises(ValueError, match='Invalid padding: full'):
        K.conv2d(image(), kernel, padding='full')
