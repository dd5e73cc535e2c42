"""tf.nn.ctc_loss (dense and sparse labels), ctc_greedy_decoder and ctc_beam_search_decoder: values pinned
to TF 2.21 (/work/notes/progs/tfops/b1.py and b2.py run with /opt/tfref; losses and scores to float32
rounding, decoded paths exactly), the loss's gradient checked against central differences in float64."""
import numpy as np
import pytest

import framework as tf
from framework.errors import FailedPreconditionError, InvalidArgumentError

# These tests read the NoneGradientWarning explanations, off by default (TensorFlow is silent there)
pytestmark = pytest.mark.usefixtures('explained_nones')

LOGITS = np.random.RandomState(0).randn(6, 2, 5).astype(np.float32)      # time-major, as b1.py draws them
LABELS = np.array([[1, 2, 2, 0], [3, 1, 0, 0]], np.int32)
LABEL_LENGTH, LOGIT_LENGTH = np.array([3, 2], np.int32), np.array([6, 5], np.int32)


def _second_draw():
    rng = np.random.RandomState(0)
    rng.randn(6, 2, 5)
    return (rng.randn(8, 3, 4) * 2).astype(np.float32)


def _sparse_rows(sp):
    dense = tf.sparse.to_dense(sp, default_value=-1).numpy()
    return [[int(v) for v in row if v != -1] for row in dense]


def test_dense_ctc_loss_and_gradient_match_tf():
    x = tf.constant(LOGITS)
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.nn.ctc_loss(LABELS, x, LABEL_LENGTH, LOGIT_LENGTH)
    assert loss.dtype == tf.float32 and loss.shape == (2,)
    np.testing.assert_allclose(loss.numpy(), [9.083898, 5.752427], rtol=1e-6)
    grad = tape.gradient(loss, x).numpy()
    np.testing.assert_allclose(grad[0], [[-0.4782118, -0.2384494, 0.1028905, 0.3635148, 0.2502561],
                                         [-0.2265914, 0.414981, 0.1379356, -0.568278, 0.2419528]], atol=3e-7)
    np.testing.assert_allclose(grad[4, 1], [-0.5066539, -0.2670752, 0.5288672, 0.0483927, 0.1964694], atol=3e-7)
    np.testing.assert_array_equal(grad[5, 1], 0)      # past sample 1's logit_length: no gradient


@pytest.mark.parametrize('kwargs, expected', [
    ({'blank_index': -1}, [8.078214, 4.7995195]),
    ({'blank_index': 2}, [9.899778, 4.302406]),        # labels equal to the blank read the column before, as TF
    ({'unique': 'ctc_unique_labels'}, [9.083898, 5.752427]),
])
def test_ctc_loss_options_match_tf(kwargs, expected):
    if kwargs.get('unique'):
        kwargs = {'unique': tf.nn.ctc_unique_labels(LABELS)}
    np.testing.assert_allclose(tf.nn.ctc_loss(LABELS, LOGITS, LABEL_LENGTH, LOGIT_LENGTH, **kwargs).numpy(),
                               expected, rtol=1e-6)


def test_batch_major_logits_give_the_same_loss():
    loss = tf.nn.ctc_loss(LABELS, np.transpose(LOGITS, (1, 0, 2)), LABEL_LENGTH, LOGIT_LENGTH, logits_time_major=False)
    np.testing.assert_allclose(loss.numpy(), [9.083898, 5.752427], rtol=1e-6)


def test_sparse_labels_match_tf_and_need_a_blank_index():
    sp = tf.sparse.from_dense(LABELS)
    np.testing.assert_allclose(tf.nn.ctc_loss(sp, LOGITS, None, LOGIT_LENGTH, blank_index=0).numpy(),
                               [9.083897, 5.7524276], rtol=1e-6)
    np.testing.assert_allclose(tf.nn.ctc_loss(sp, LOGITS, None, LOGIT_LENGTH, blank_index=-1).numpy(),
                               [8.078213, 4.7995195], rtol=1e-6)
    with pytest.raises(ValueError, match='Argument `blank_index` must be provided when `labels` is a `SparseTensor`'):
        tf.nn.ctc_loss(sp, LOGITS, None, LOGIT_LENGTH)


def test_labels_too_long_for_the_frames():
    x = np.random.RandomState(0).randn(4, 2, 5).astype(np.float32)
    # dense: TF's "impossible" cost, a large finite loss; sparse: the CTCLoss kernel's error
    np.testing.assert_allclose(tf.nn.ctc_loss([[1, 1, 1], [1, 0, 0]], x, [3, 1], [4, 4]).numpy(),
                               [711.16376, 4.342442], rtol=1e-6)
    with pytest.raises(InvalidArgumentError, match=r'Not enough time for target transition sequence \(required: 5, '
                                                   r'available: 4\)0'):
        tf.nn.ctc_loss(tf.sparse.from_dense([[1, 2, 3, 1, 2], [1, 0, 0, 0, 0]]), x, None, [4, 4], blank_index=0)


def test_greedy_decoder_matches_tf():
    decoded, scores = tf.nn.ctc_greedy_decoder(LOGITS, LOGIT_LENGTH)
    assert len(decoded) == 1 and type(decoded[0]).__name__ == 'SparseTensor'
    assert decoded[0].values.dtype == tf.int64 and decoded[0].dense_shape.numpy().tolist() == [2, 5]
    assert _sparse_rows(decoded[0]) == [[3, 1, 1, 3, 1], [1, 3, 1, 2]]
    np.testing.assert_allclose(scores.numpy(), [[-8.680761], [-5.984728]], rtol=1e-6)
    decoded, _ = tf.nn.ctc_greedy_decoder(LOGITS, LOGIT_LENGTH, merge_repeated=False)
    assert _sparse_rows(decoded[0]) == [[3, 1, 1, 3, 1], [1, 1, 3, 1, 2]]
    decoded, _ = tf.nn.ctc_greedy_decoder(LOGITS, LOGIT_LENGTH, blank_index=0)
    assert _sparse_rows(decoded[0]) == [[3, 1, 4, 1, 3, 1], [1, 3, 1, 2]]
    decoded, scores = tf.nn.ctc_greedy_decoder(_second_draw(), [8, 5, 1])
    assert _sparse_rows(decoded[0]) == [[1, 0, 1, 0, 0], [0, 1], [2]]
    np.testing.assert_allclose(scores.numpy(), [[-21.541027], [-11.069216], [-1.4581811]], rtol=1e-6)


def test_beam_search_decoder_matches_tf():
    decoded, scores = tf.nn.ctc_beam_search_decoder(LOGITS, LOGIT_LENGTH, beam_width=4, top_paths=3)
    assert [_sparse_rows(d) for d in decoded] == [[[3, 1, 3, 1], [1, 2]], [[3, 1, 3], [1, 3, 2]],
                                                  [[3, 1, 0, 3, 1], [1, 3, 1, 2]]]
    assert [d.dense_shape.numpy().tolist() for d in decoded] == [[2, 4], [2, 3], [2, 5]]
    np.testing.assert_allclose(scores.numpy(), [[-3.772682, -3.913275, -4.3032117], [-3.087253, -3.228516, -3.516504]],
                               rtol=1e-6)
    decoded, scores = tf.nn.ctc_beam_search_decoder(LOGITS, [6, 6])
    assert _sparse_rows(decoded[0]) == [[3, 1, 3, 1], [1, 3, 2]]
    np.testing.assert_allclose(scores.numpy(), [[-3.6902294], [-3.5196579]], rtol=1e-6)
    decoded, scores = tf.nn.ctc_beam_search_decoder(_second_draw(), [8, 5, 1], beam_width=3, top_paths=2)
    assert [_sparse_rows(d) for d in decoded] == [[[1, 0, 1, 0, 0], [1, 0, 1], [2]], [[1, 0, 1, 2, 0], [0, 1], []]]
    np.testing.assert_allclose(scores.numpy(), [[-2.5694656, -2.653439], [-1.6748283, -1.917164],
                                                [-0.4682275, -1.6684428]], rtol=1e-6)


@pytest.mark.parametrize('decoder', ['ctc_greedy_decoder', 'ctc_beam_search_decoder'])
def test_decoders_refuse_as_tf_kernels(decoder):
    fn = getattr(tf.nn, decoder)
    with pytest.raises(FailedPreconditionError, match=r'sequence_length\(1\) <= 6'):
        fn(LOGITS, [6, 9])
    with pytest.raises(FailedPreconditionError, match='len\\(sequence_length\\) != batch_size'):
        fn(LOGITS, [6])
    with pytest.raises(InvalidArgumentError, match='inputs is not a 3-Tensor'):
        fn(LOGITS[0], [6, 6])


def test_beam_search_refuses_more_paths_than_it_holds():
    with pytest.raises(InvalidArgumentError, match='requested more paths than the beam width'):
        tf.nn.ctc_beam_search_decoder(LOGITS, [6, 6], beam_width=2, top_paths=3)
    with pytest.raises(InvalidArgumentError, match='Less leaves in the beam search than requested'):
        tf.nn.ctc_beam_search_decoder(LOGITS, [0, 2], beam_width=2, top_paths=2)


def test_ctc_loss_gradient_matches_central_differences():
    # float64 logits take sparse labels: TensorFlow's dense-label path refuses them (a float32 Mul
    # inside); from_dense(LABELS) holds each row's LABEL_LENGTH labels, the dense call's rows
    tf.check_gradients(lambda x: tf.nn.ctc_loss(tf.sparse.from_dense(LABELS), x, None, LOGIT_LENGTH, blank_index=2)
                       + tf.nn.ctc_loss(tf.sparse.from_dense(LABELS), x, None, [6, 6], blank_index=4),
                       [LOGITS.astype(np.float64)])


def test_dense_labels_refuse_float64_logits_as_tf():
    with pytest.raises(InvalidArgumentError, match=r'cannot compute Mul as input #1\(zero-based\) was expected to be '
                                                   r'a double tensor but is a float tensor \[Op:Mul\]'):
        tf.nn.ctc_loss(LABELS, LOGITS.astype(np.float64), LABEL_LENGTH, LOGIT_LENGTH)


@pytest.mark.parametrize('decoder', ['ctc_greedy_decoder', 'ctc_beam_search_decoder'])
def test_decoders_record_no_gradient(decoder):
    x = tf.constant(LOGITS)
    with tf.GradientTape() as tape:
        tape.watch(x)
        scores = getattr(tf.nn, decoder)(x, LOGIT_LENGTH)[1]
    with pytest.warns(tf.NoneGradientWarning):
        assert tape.gradient(scores, x) is None


# The framework.ops names this file checks, for test_op_gradients' coverage test.
COVERED_HERE = {'ctc_loss', 'ctc_greedy_decoder', 'ctc_beam_search_decoder'}

# Good calls for tests/test_bad_input_sweep.py, which replaces one argument at a time with bad input.
_X = LOGITS[:4, :, :4].copy()
SWEEP_CALLS = {
    'ctc_loss': ((LABELS[:, :2].copy(), _X, np.array([2, 1], np.int32), np.array([4, 3], np.int32)), {}),
    'ctc_greedy_decoder': ((_X, np.array([4, 3], np.int32)), {}),
    'ctc_beam_search_decoder': ((_X, np.array([4, 3], np.int32)), {'beam_width': 3}),
}
