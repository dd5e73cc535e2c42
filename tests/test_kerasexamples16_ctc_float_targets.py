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


def test_float_target_length_gets_one_hots_refusal():
    import framework as tf
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        keras.ops.ctc_loss(np.array([[1, 2, 3], [4, 1, 0]]), LOGITS, np.array([3.0, 2.0], 'float32'), np.array([6, 5]))
    assert str(info.value) == (
        "Value for attr 'TI' of float is not in the list of allowed values: uint8, int8, int32, int64\n\t; NodeDef: "
        "{{node OneHot}}; Op<name=OneHot; signature=indices:TI, depth:int32, on_value:T, off_value:T -> output:T; "
        "attr=axis:int,default=-1; attr=T:type; attr=TI:type,default=DT_INT64,allowed=[DT_UINT8, DT_INT8, DT_INT32, "
        "DT_INT64]> [Op:OneHot] name: ")


_CPU = '_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def test_decoders_refuse_non_vector_lengths_in_tfs_words():
    import framework as tf
    time_major = np.transpose(LOGITS, (1, 0, 2))
    cases = [
        (lambda: tf.nn.ctc_greedy_decoder(time_major, np.array([[6], [5]])),
         '{{function_node __wrapped__CTCGreedyDecoder' + _CPU + 'sequence_length is not a vector [Op:CTCGreedyDecoder]'),
        (lambda: tf.nn.ctc_greedy_decoder(time_major, tf.constant([[6], [5]])),
         '{{function_node __wrapped__CTCGreedyDecoder' + _CPU
         + 'sequence_length is not a vector [Op:CTCGreedyDecoder] name: '),
        (lambda: tf.nn.ctc_greedy_decoder(time_major, 6),
         '{{function_node __wrapped__CTCGreedyDecoder' + _CPU
         + 'sequence_length is not a vector [Op:CTCGreedyDecoder] name: '),
        (lambda: tf.nn.ctc_beam_search_decoder(time_major, np.array([[6], [5]])),
         '{{function_node __wrapped__CTCBeamSearchDecoder_top_paths_1' + _CPU
         + 'sequence_length is not a vector [Op:CTCBeamSearchDecoder] name: '),
        (lambda: tf.nn.ctc_greedy_decoder(time_major, tf.constant([6.0, 5.0])),
         'cannot compute CTCGreedyDecoder as input #1(zero-based) was expected to be a int32 tensor but is a float '
         'tensor [Op:CTCGreedyDecoder] name: '),
        (lambda: keras.ops.ctc_decode(LOGITS, np.array([[6], [5]])),
         '{{function_node __wrapped__CTCGreedyDecoder' + _CPU
         + 'sequence_length is not a vector [Op:CTCGreedyDecoder] name: '),
    ]
    for call, text in cases:
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            call()
        assert str(info.value) == text
    logits = np.random.RandomState(0).randn(6, 2, 5).astype('float32')       # (p20_decoder_rank.py's)
    assert tf.nn.ctc_greedy_decoder(logits, np.array([6.0, 5.0]))[0][0].values.numpy().tolist() == \
        [3, 1, 1, 3, 1, 1, 3, 1, 2]
