"""framework.losses against Keras 3.

Every expected number below was computed with keras 3.15 on TensorFlow 2.21
(/opt/tfref) from the same inputs, e.g. ``keras.losses.huber(YT, YP, delta=0.5)``,
and pasted as a literal; float32 results agree to float32 rounding.
"""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import losses
from framework.gradient_check import check_gradients
from framework.losses.tensor_notes import get_keras_mask, set_keras_logits
from framework.tensor import Tensor

YT = np.array([[0., 1., 2.], [1.5, -1., 0.5]], np.float32)
YP = np.array([[0.5, 1., 3.5], [1., 0., -0.5]], np.float32)
HT = np.array([[0., 1., 1.], [1., 0., 1.]], np.float32)          # 0/1 labels, mapped to -1/1 by hinge
PT = np.array([[0.2, 0.3, 0.5], [0.0, 0.9, 0.1]], np.float32)    # distributions
PP = np.array([[0.1, 0.6, 0.3], [0.3, 0.3, 0.4]], np.float32)
BT = np.array([[0., 1.], [1., 0.], [1., 1.]], np.float32)
BP = np.array([[0.1, 0.8], [0.6, 0.3], [1.0, 0.5]], np.float32)  # 1.0 is clipped to 1 - 1e-7
BL = np.array([[-2., 1.5], [0.3, -0.7], [20., 0.]], np.float32)
CT = np.array([[0., 1., 0.], [0., 0., 1.]], np.float32)
CP = np.array([[0.05, 0.95, 0.], [0.1, 0.8, 0.1]], np.float32)    # 0. is clipped to 1e-7
CU = np.array([[0.2, 0.6, 0.4], [1.0, 2.0, 1.0]], np.float32)     # rows not summing to 1
CL = np.array([[1., 3., -1.], [0.5, 2., -0.3]], np.float32)
ST = np.array([1, 2])

FUNCTION_CASES = [
    ('mean_squared_error', losses.mean_squared_error, YT, YP, {}, [0.833333313, 0.75]),
    ('mean_absolute_error', losses.mean_absolute_error, YT, YP, {}, [0.666666687, 0.833333313]),
    ('mean_absolute_percentage_error', losses.mean_absolute_percentage_error, YT, YP, {},
     [1.666667040e+08, 1.111111145e+02]),
    ('mean_squared_logarithmic_error', losses.mean_squared_logarithmic_error, YT, YP, {},
     [0.109601267, 0.071398295]),
    ('log_cosh', losses.log_cosh, YT, YP, {}, [0.325184882, 0.329225391]),
    ('cosine_similarity', losses.cosine_similarity, YT, YP, {}, [-0.973729014, -0.597614229]),
    ('huber', losses.huber, YT, YP, {}, [0.375, 0.375]),
    ('huber_delta', losses.huber, YT, YP, {'delta': 0.5}, [0.25, 0.291666657]),
    ('hinge', losses.hinge, YT, YP, {}, [0.333333343, 0.75]),
    ('hinge_binary_labels', losses.hinge, HT, YP, {}, [0.5, 0.833333313]),
    ('squared_hinge', losses.squared_hinge, YT, YP, {}, [0.333333343, 0.854166687]),
    ('squared_hinge_binary_labels', losses.squared_hinge, HT, YP, {}, [0.75, 1.083333373]),
    ('categorical_hinge', losses.categorical_hinge, YT, YP, {}, [0., 0.]),
    ('kl_divergence', losses.kl_divergence, PT, PP, {}, [0.186098054, 0.850120008]),
    ('poisson', losses.poisson, PT, PP, {}, [0.738583565, 0.725068092]),
    ('bce', losses.binary_crossentropy, BT, BP, {}, [0.164252043, 0.433750272, 0.346573651]),
    ('bce_smoothing', losses.binary_crossentropy, BT, BP, {'label_smoothing': 0.2},
     [0.343427956, 0.496388406, 1.143692613]),
    ('bce_logits', losses.binary_crossentropy, BT, BL, {'from_logits': True},
     [0.164170653, 0.478770673, 0.346573591]),
    ('bce_logits_smoothing', losses.binary_crossentropy, BT, BL, {'from_logits': True, 'label_smoothing': 0.2},
     [0.339170635, 0.528770626, 1.346573591]),
    ('cce', losses.categorical_crossentropy, CT, CP, {}, [0.051293306, 2.302585125]),
    ('cce_renormalised', losses.categorical_crossentropy, CT, CU, {}, [0.693147182, 1.386294365]),
    ('cce_smoothing', losses.categorical_crossentropy, CT, CP, {'label_smoothing': 0.1}, [0.685001373, 2.233270407]),
    ('cce_logits', losses.categorical_crossentropy, CT, CL, {'from_logits': True}, [0.1429317, 2.580195904]),
    ('cce_logits_smoothing', losses.categorical_crossentropy, CT, CL, {'from_logits': True, 'label_smoothing': 0.1},
     [0.342931718, 2.476862669]),
    ('scce', losses.sparse_categorical_crossentropy, ST, CP, {}, [0.051293444, 2.302585125]),
    ('scce_not_renormalised', losses.sparse_categorical_crossentropy, ST, CU, {}, [0.693147123, 1.098612309]),
    ('scce_logits', losses.sparse_categorical_crossentropy, ST, CL, {'from_logits': True}, [0.1429317, 2.580195904]),
    ('scce_labels_n1', losses.sparse_categorical_crossentropy, ST.reshape(2, 1), CP, {}, [0.051293444, 2.302585125]),
    ('scce_ignore_class', losses.sparse_categorical_crossentropy, ST, CP, {'ignore_class': 2}, [0.051293444, 0.]),
]


@pytest.mark.parametrize('name, fn, y_true, y_pred, kwargs, expected', FUNCTION_CASES,
                         ids=[c[0] for c in FUNCTION_CASES])
def test_function_matches_keras(name, fn, y_true, y_pred, kwargs, expected):
    out = fn(y_true, y_pred, **kwargs)
    assert isinstance(out, Tensor) and out.dtype == np.float32
    np.testing.assert_allclose(out.numpy(), expected, rtol=2e-6, atol=1e-7)


@pytest.mark.parametrize('convert', [lambda a: a, lambda a: a.tolist(), tf.constant], ids=['numpy', 'list', 'tensor'])
def test_inputs_may_be_arrays_lists_or_tensors(convert):
    np.testing.assert_allclose(losses.mse(convert(YT), convert(YP)).numpy(), [0.833333313, 0.75], rtol=1e-6)


def test_labels_take_the_dtype_of_the_predictions():
    out = losses.mean_absolute_error(YT.astype(np.float64), tf.constant(YP))
    assert out.dtype == np.float32
    assert losses.mean_absolute_error(YT, YP.astype(np.float64)).dtype == np.float64


def test_aliases():
    assert losses.mse is losses.MSE is losses.mean_squared_error
    assert losses.mae is losses.MAE is losses.mean_absolute_error


# ---- (N,) labels against (N, 1) predictions ---------------------------------------------------
NT = np.array([1., 2., 3.], np.float32)
NP1 = np.array([[1.5], [1.], [3.]], np.float32)


def test_rank_1_labels_meet_n_by_1_predictions_per_sample():
    # Keras 3 expands (N,) to (N, 1): one loss per sample, not an (N, N) broadcast
    # (plain TF broadcasting would give 1.4166666).
    np.testing.assert_allclose(losses.mean_squared_error(NT, NP1).numpy(), [0.25, 1., 0.])
    np.testing.assert_allclose(losses.MeanSquaredError()(NT, NP1).numpy(), 0.4166666567325592, rtol=1e-6)
    np.testing.assert_allclose(losses.MeanAbsoluteError()(NP1, NT).numpy(), 0.5)
    np.testing.assert_allclose(losses.BinaryCrossentropy(reduction=None)(
        np.array([1., 0., 1.]), np.array([[0.7], [0.2], [0.4]], np.float32)).numpy(),
        [0.356674969, 0.223143533, 0.9162907], rtol=2e-6)


def test_binary_crossentropy_function_refuses_rank_mismatch_like_keras():
    with pytest.raises(ValueError, match=r'binary_crossentropy.*\(3,\).*\(3, 1\)'):
        losses.binary_crossentropy(np.array([1., 0., 1.]), NP1)


# ---- Loss objects: reductions and sample weights ----------------------------------------------
RT = np.array([[1., 2.], [3., 4.], [5., 6.]], np.float32)
RP = np.array([[1.5, 2.], [2., 4.5], [5., 8.]], np.float32)
W = np.array([0.5, 2., 1.], np.float32)


@pytest.mark.parametrize('reduction, plain, weighted', [
    ('sum_over_batch_size', 0.9166666865348816, 1.1041666269302368),
    ('mean', 0.9166666865348816, 1.1041666269302368),
    ('sum', 2.75, 3.3125),
    ('mean_with_sample_weight', 0.9166666865348816, 0.9464285969734192),
    (None, [0.125, 0.625, 2.], [0.0625, 1.25, 2.]),
    ('none', [0.125, 0.625, 2.], [0.0625, 1.25, 2.]),
])
def test_reductions_and_sample_weights(reduction, plain, weighted):
    loss = losses.MeanSquaredError(reduction=reduction)
    np.testing.assert_allclose(loss(RT, RP).numpy(), plain, rtol=1e-6)
    np.testing.assert_allclose(loss(RT, RP, sample_weight=W).numpy(), weighted, rtol=1e-6)


def test_sample_weight_shapes():
    # (N, 1) weights against (N,) losses give (N, 1) values with reduction None, as in Keras 3.
    out = losses.MeanSquaredError(reduction=None)(RT, RP, sample_weight=W.reshape(3, 1))
    np.testing.assert_allclose(out.numpy(), [[0.0625], [1.25], [2.]])
    np.testing.assert_allclose(losses.MeanSquaredError()(RT, RP, sample_weight=2.0).numpy(), 1.8333333730697632,
                               rtol=1e-6)
    # TF 2.21's Mul kernel text (Keras multiplies the weights in); tapeflow's sentence is a note
    with pytest.raises(ValueError, match=r'Incompatible shapes: \[3\] vs. \[3,2\] \[Op:Mul\]') as info:
        losses.MeanSquaredError()(RT, RP, sample_weight=np.ones((3, 2)))
    assert 'mean_squared_error: sample_weight of shape (3, 2) does not broadcast to the per-sample losses of ' \
        'shape (3,); give one weight per sample' in info.value.__notes__


def test_weighted_objects_with_arguments():
    np.testing.assert_allclose(losses.Huber(delta=0.5)(RT, RP, sample_weight=W).numpy(), 0.3229166567325592,
                               rtol=1e-6)
    cce = losses.CategoricalCrossentropy(from_logits=True, label_smoothing=0.1)
    np.testing.assert_allclose(cce(CT, CL, sample_weight=[0.3, 0.7]).numpy(), 0.9183416962623596, rtol=1e-6)
    scce = losses.SparseCategoricalCrossentropy()
    np.testing.assert_allclose(scce(ST, CP, sample_weight=[0.3, 0.7]).numpy(), 0.8135988116264343, rtol=1e-6)
    np.testing.assert_allclose(losses.BinaryCrossentropy()(BT, BP).numpy(), 0.31485864520072937, rtol=1e-6)


def test_ignore_class_is_left_out_of_the_average():
    for reduction, expected in [('sum_over_batch_size', 0.05129344388842583), ('sum', 0.05129344388842583),
                                (None, [0.051293444, 0.])]:
        out = losses.SparseCategoricalCrossentropy(ignore_class=2, reduction=reduction)(ST, CP)
        np.testing.assert_allclose(out.numpy(), expected, rtol=1e-6)
    per_sample = losses.sparse_categorical_crossentropy(ST, CP, ignore_class=2)
    np.testing.assert_array_equal(get_keras_mask(per_sample).numpy(), [True, False])
    assert get_keras_mask(per_sample * 1.0) is None     # ops do not carry the note over
    weighted = losses.SparseCategoricalCrossentropy(ignore_class=1)(
        np.array([1, 2, 0]), np.array([[0.05, 0.95, 0.], [0.1, 0.8, 0.1], [0.3, 0.3, 0.4]]), sample_weight=[1., 2., 3.])
    np.testing.assert_allclose(weighted.numpy(), 4.10854434967041, rtol=1e-6)


def test_loss_casts_inputs_to_its_dtype():
    assert losses.MeanSquaredError()(RT.astype(np.float64), RP.astype(np.float64)).dtype == np.float32
    assert losses.MeanSquaredError(dtype='float64')(RT, RP).dtype == np.float64


def test_outputs_carrying_their_logits_are_scored_from_the_logits():
    # Keras 3: keras.activations.softmax([[0., 30.]]) scored against class 0 gives 30.0,
    # not the 16.118 the clipped probability would give.
    logits = tf.constant([[0., 30.]])
    probs = tf.nn.softmax(logits)
    set_keras_logits(probs, logits)
    np.testing.assert_allclose(losses.categorical_crossentropy([[1., 0.]], probs).numpy(), [30.], rtol=1e-6)
    np.testing.assert_allclose(losses.sparse_categorical_crossentropy(np.array([0]), probs).numpy(), [30.], rtol=1e-6)
    sigmoid_logits = tf.constant([[-30.]])
    sigmoid_out = tf.sigmoid(sigmoid_logits)
    set_keras_logits(sigmoid_out, sigmoid_logits)
    np.testing.assert_allclose(losses.binary_crossentropy([[1.]], sigmoid_out).numpy(), [30.], rtol=1e-6)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        losses.categorical_crossentropy([[1., 0.]], probs, from_logits=True)
    assert any('does not represent logits' in str(w.message) for w in caught)


# ---- gradients ----------------------------------------------------------------------------------
_rng = np.random.default_rng(7)
_T = _rng.uniform(0.1, 2.0, (3, 4))
_P = _T + _rng.choice([-1, 1], (3, 4)) * _rng.uniform(0.2, 0.6, (3, 4))   # away from |error| kinks
_ONEHOT = np.eye(4)[[2, 0, 3]]
_PROBS = np.array([[0.1, 0.2, 0.3, 0.4], [0.5, 0.2, 0.2, 0.1], [0.25, 0.25, 0.3, 0.2]])
_BIN = np.array([[0., 1., 1., 0.], [1., 1., 0., 0.], [0., 0., 1., 1.]])
_LOGITS = _rng.normal(0, 2, (3, 4))
_SIGNS = _BIN * 2 - 1

GRADIENT_CASES = [
    ('mse', lambda p: losses.mean_squared_error(_T, p), _P),
    ('mae', lambda p: losses.mean_absolute_error(_T, p), _P),
    ('mape', lambda p: losses.mean_absolute_percentage_error(_T, p), _P),
    ('msle', lambda p: losses.mean_squared_logarithmic_error(_T, p), _P),
    ('huber', lambda p: losses.huber(_T, p, delta=0.4), _P),
    ('log_cosh', lambda p: losses.log_cosh(_T, p), _P),
    ('cosine_similarity', lambda p: losses.cosine_similarity(_T, p), _P),
    ('hinge', lambda p: losses.hinge(_SIGNS, p), _LOGITS * 0.1 + 0.37),
    ('squared_hinge', lambda p: losses.squared_hinge(_BIN, p), _LOGITS * 0.1 + 0.37),
    ('categorical_hinge', lambda p: losses.categorical_hinge(_ONEHOT, p), _PROBS),
    ('kl_divergence', lambda p: losses.kl_divergence(_PROBS[::-1], p), _PROBS),
    ('poisson', lambda p: losses.poisson(_T, p), _P),
    ('bce', lambda p: losses.binary_crossentropy(_BIN, p, label_smoothing=0.1), _PROBS),
    ('bce_logits', lambda p: losses.binary_crossentropy(_BIN, p, from_logits=True), _LOGITS),
    ('cce', lambda p: losses.categorical_crossentropy(_ONEHOT, p, label_smoothing=0.1), _PROBS),
    ('cce_logits', lambda p: losses.categorical_crossentropy(_ONEHOT, p, from_logits=True), _LOGITS),
    ('scce', lambda p: losses.sparse_categorical_crossentropy(np.array([2, 0, 3]), p), _PROBS),
    ('scce_logits', lambda p: losses.sparse_categorical_crossentropy(np.array([2, 0, 3]), p, from_logits=True), _LOGITS),
    ('scce_ignore', lambda p: losses.SparseCategoricalCrossentropy(from_logits=True, ignore_class=0,
                                                                   dtype='float64')(np.array([2, 0, 3]), p), _LOGITS),
    ('mse_object_weighted', lambda p: losses.MeanSquaredError(reduction='sum', dtype='float64')(
        _T, p, sample_weight=[0.5, 1., 2.]), _P),
    ('bce_object_logits', lambda p: losses.BinaryCrossentropy(from_logits=True, dtype='float64')(_BIN, p), _LOGITS),
]


@pytest.mark.parametrize('name, f, point', GRADIENT_CASES, ids=[c[0] for c in GRADIENT_CASES])
def test_gradient_matches_central_differences(name, f, point):
    check_gradients(f, [point])


def test_logits_losses_stay_finite_and_stable_far_out():
    logits = tf.constant([[-200., 150.]])
    with tf.GradientTape() as tape:
        tape.watch(logits)
        loss = losses.BinaryCrossentropy(from_logits=True)(tf.constant([[1., 0.]]), logits)
    grad = tape.gradient(loss, logits).numpy()
    np.testing.assert_allclose(loss.numpy(), 175.)
    np.testing.assert_allclose(grad, [[-0.5, 0.5]])


# ---- lookup and configs -------------------------------------------------------------------------
def test_get_resolves_names_objects_callables_and_configs():
    assert losses.get('mse') is losses.mean_squared_error
    assert losses.get('huber') is losses.huber
    assert losses.get('sparse_categorical_crossentropy') is losses.sparse_categorical_crossentropy
    assert isinstance(losses.get('MeanSquaredError'), losses.MeanSquaredError)
    loss = losses.Huber(delta=2.0)
    assert losses.get(loss) is loss
    assert isinstance(losses.get(losses.Hinge), losses.Hinge)
    custom = lambda y_true, y_pred: y_pred  # noqa: E731
    assert losses.get(custom) is custom
    assert losses.get(None) is None
    restored = losses.get({'class_name': 'CategoricalCrossentropy', 'config': {'from_logits': True}})
    assert isinstance(restored, losses.CategoricalCrossentropy) and restored.from_logits


def test_get_refuses_unknown_names_listing_the_valid_ones():
    with pytest.raises(ValueError) as err:     # Keras 3's text, the valid names as a note
        losses.get('msqe')
    assert str(err.value) == 'Could not interpret loss identifier: msqe'
    assert 'mean_squared_error' in err.value.__notes__[0]
    with pytest.raises(ValueError, match='Could not interpret loss identifier'):
        losses.get(42)


def test_configs_round_trip():
    bce = losses.BinaryCrossentropy(from_logits=True, label_smoothing=0.1, name='bce')
    assert bce.get_config() == {'name': 'bce', 'reduction': 'sum_over_batch_size', 'from_logits': True,
                                'label_smoothing': 0.1, 'axis': -1}
    assert losses.BinaryCrossentropy.from_config(bce.get_config()).get_config() == bce.get_config()
    wrapper = losses.LossFunctionWrapper(losses.huber, name='h', reduction='sum', delta=0.5)
    again = losses.deserialize(losses.serialize(wrapper))
    assert again.fn is losses.huber and again.get_config() == wrapper.get_config()
    assert losses.MeanSquaredError().name == 'mean_squared_error' and losses.Huber().name == 'huber_loss'


# ---- bad input ----------------------------------------------------------------------------------
def test_bad_input_names_the_loss_and_the_shapes():
    with pytest.raises(ValueError, match=r'mean_squared_error.*\(2, 3\).*\(2, 2\)'):
        losses.mean_squared_error(np.ones((2, 3)), np.ones((2, 2)))
    with pytest.raises(ValueError, match=r'categorical_crossentropy.*\(2,\).*\(2, 3\).*sparse_categorical'):
        losses.categorical_crossentropy([1, 2], CP)
    with pytest.raises(ValueError, match=r'sparse_categorical_crossentropy.*\(3,\).*\(2, 3\)'):
        losses.sparse_categorical_crossentropy(np.array([0, 1, 2]), CP)
    with pytest.raises(ValueError, match=r'sparse_categorical_crossentropy: labels must lie in \[0, 3\).*max 5'):
        losses.SparseCategoricalCrossentropy()(np.array([0, 5]), CP)
    # fractional labels truncate as TF's Cast does (TF 2.21 computes them; 0.5 is class 0)
    np.testing.assert_array_equal(losses.sparse_categorical_crossentropy(np.array([0.5, 1.]), CP).numpy(),
                                  losses.sparse_categorical_crossentropy(np.array([0, 1]), CP).numpy())
    with pytest.raises(ValueError, match=r'Invalid value for argument `reduction`.*auto'):
        losses.MeanSquaredError(reduction='auto')
