"""Focal cross-entropies, Dice, Tversky, generalized cross-entropy, Circle and CTC (Keras 3 losses).

Golden values are Keras 3.15's (TensorFlow backend, float32) for the same
inputs, printed from keras.losses and copied here as literals; the formulas
are in the docstrings of framework/losses/{focal,overlap,generalized_cross_entropy,circle_loss,ctc_loss}.py.
"""
import numpy as np
import pytest

from framework import check_gradients, losses
from framework import keras
from framework.keras import losses as keras_losses
from layers import activations

Y = np.array([[0, 1, 0], [1, 0, 1.]], np.float32)
P = np.array([[0.2, 0.7, 0.1], [0.6, 0.3, 0.9]], np.float32)
LOGITS = np.array([[0.5, -1.2, 2.0], [-0.3, 0.8, 1.1]], np.float32)
W = np.array([0.3, 2.0], np.float32)
LABELS = np.array([0, 0, 1, 1, 2])
EMBEDDINGS = np.array([[0.6, 0.8], [0.28, 0.96], [0.96, 0.28], [0.8, -0.6], [0., 1.]], np.float32)

CASES = [
    ('BinaryFocalCrossentropy()', lambda: losses.BinaryFocalCrossentropy()(Y, P), 0.026161089539527893),
    ('binary_focal_crossentropy', lambda: losses.binary_focal_crossentropy(Y, P), [0.014026697725, 0.038295481354]),
    ('BinaryFocalCrossentropy(balancing, smoothing, weights)',
     lambda: losses.BinaryFocalCrossentropy(apply_class_balancing=True, alpha=0.4, gamma=1.5,
                                            label_smoothing=0.1)(Y, P, sample_weight=W), 0.037567030638456345),
    ('BinaryFocalCrossentropy(from_logits, sum)',
     lambda: losses.BinaryFocalCrossentropy(from_logits=True, reduction='sum')(Y, LOGITS), 1.2497044801712036),
    ('binary_focal_crossentropy(axis=0)',
     lambda: losses.binary_focal_crossentropy(Y, LOGITS, from_logits=True, axis=0),
     [0.32966768741607666, 0.7108893394470215, 0.8339996933937073]),
    ('CategoricalFocalCrossentropy()', lambda: losses.CategoricalFocalCrossentropy()(Y, P), 0.0867074504494667),
    ('categorical_focal_crossentropy', lambda: losses.categorical_focal_crossentropy(Y, P),
     [0.008025187067687511, 0.16538971662521362]),
    ('CategoricalFocalCrossentropy(options)',
     lambda: losses.CategoricalFocalCrossentropy(alpha=0.5, gamma=3., label_smoothing=0.2, from_logits=True)(Y, LOGITS),
     1.016724944114685),
    ('Dice()', lambda: losses.Dice()(Y, P), 0.24137938022613525),
    ('dice', lambda: losses.dice(Y, P), 0.24137938022613525),
    ('Dice(axis=-1)', lambda: losses.Dice(axis=-1)(Y, P), 0.25526314973831177),
    ('dice(axis=1)', lambda: losses.dice(Y, P, axis=1), [0.30000001192092896, 0.21052628755569458]),
    ('Tversky()', lambda: losses.Tversky()(Y, P), 0.24137932062149048),
    ('Tversky(0.3, 0.7)', lambda: losses.Tversky(alpha=0.3, beta=0.7)(Y, P), 0.23076927661895752),
    ('tversky(axis=-1)', lambda: losses.tversky(Y, P, 0.3, 0.7, axis=-1), [0.30000007152557373, 0.19354844093322754]),
    ('CategoricalGeneralizedCrossEntropy()',
     lambda: losses.CategoricalGeneralizedCrossEntropy()(np.array([1, 2]), P), 0.21465671062469482),
    ('categorical_generalized_cross_entropy(q=0.2)',
     lambda: losses.categorical_generalized_cross_entropy(np.array([1, 2]), P, q=0.2),
     [0.34425050020217896, 0.10425835847854614]),
    # Circle averages over the samples whose loss is > 0 (the fifth has no positive pair: loss 0).
    ('Circle(gamma=2, margin=0.25)', lambda: losses.Circle(gamma=2., margin=0.25)(LABELS, EMBEDDINGS),
     1.9258248805999756),
    ('circle', lambda: losses.circle(LABELS, EMBEDDINGS, gamma=2., margin=0.25),
     [2.005985975265503, 2.1101324558258057, 2.0824081897735596, 1.504772663116455, 0.0]),
    ('circle(remove_diagonal=False)',
     lambda: losses.circle(LABELS, EMBEDDINGS, gamma=2., margin=0.25, remove_diagonal=False),
     [2.6257081031799316, 2.7369306087493896, 2.5744481086730957, 1.9525913000106812, 2.3527114391326904]),
    ('circle(references)', lambda: losses.circle(LABELS[:2], EMBEDDINGS[:2], ref_labels=LABELS,
                                                 ref_embeddings=EMBEDDINGS, gamma=2., margin=0.25),
     [2.005985975265503, 2.1101324558258057]),
    ('Circle() defaults', lambda: losses.Circle()(np.array([0, 0, 1, 1]),
                                                  np.array([[0.6, 0.8], [0.8, 0.6], [1, 0], [0, 1.]], np.float32)),
     65.66400146484375),
]


@pytest.mark.parametrize('label, compute, expected', CASES, ids=[c[0] for c in CASES])
def test_values_match_keras(label, compute, expected):
    out = compute().numpy()
    assert out.dtype == np.float32
    np.testing.assert_allclose(out, expected, rtol=2e-6, atol=1e-7)


CONFIGS = {
    'BinaryFocalCrossentropy': {'name': 'binary_focal_crossentropy', 'reduction': 'sum_over_batch_size',
                                'from_logits': False, 'label_smoothing': 0.0, 'axis': -1,
                                'apply_class_balancing': False, 'alpha': 0.25, 'gamma': 2.0},
    'CategoricalFocalCrossentropy': {'name': 'categorical_focal_crossentropy', 'reduction': 'sum_over_batch_size',
                                     'from_logits': False, 'label_smoothing': 0.0, 'axis': -1, 'alpha': 0.25,
                                     'gamma': 2.0},
    'Dice': {'name': 'dice', 'reduction': 'sum_over_batch_size', 'axis': None},
    'Tversky': {'name': 'tversky', 'reduction': 'sum_over_batch_size', 'alpha': 0.5, 'beta': 0.5, 'axis': None},
    'CategoricalGeneralizedCrossEntropy': {'name': 'categorical_generalized_cross_entropy',
                                           'reduction': 'sum_over_batch_size', 'q': 0.5},
    'Circle': {'name': 'circle', 'reduction': 'sum_over_batch_size', 'gamma': 80.0, 'margin': 0.4,
               'remove_diagonal': True},
    'CTC': {'name': 'ctc', 'reduction': 'sum_over_batch_size'},
}


@pytest.mark.parametrize('name', sorted(CONFIGS))
def test_config_names_and_round_trip_match_keras(name):
    loss = getattr(keras_losses, name)()
    assert loss.get_config() == CONFIGS[name]          # Keras 3.15's get_config(), key for key
    if name == 'CategoricalGeneralizedCrossEntropy':
        # Keras 3.15's losses table lacks it: keras.losses.deserialize hands its name back (TF 2.21);
        # deserialize_keras_object finds it by its module
        assert losses.deserialize(losses.serialize(loss)) == name
        again = keras.saving.deserialize_keras_object(keras.saving.serialize_keras_object(loss))
    else:
        again = losses.deserialize(losses.serialize(loss))
    assert type(again) is type(loss) and again.get_config() == loss.get_config()
    assert isinstance(losses.get(name), getattr(losses, name))
    assert callable(losses.get(CONFIGS[name]['name']))


def test_binary_focal_scores_a_sigmoid_output_from_its_logits():
    # A sigmoid activation's output carries its logits: the cross-entropy part uses them, as in Keras.
    far = np.array([[40., -40.]], np.float32)
    out = losses.binary_focal_crossentropy(np.array([[0., 1.]], np.float32), activations.sigmoid(far))
    # clipped probabilities would give (1 - 1e-7 ... ) * log(1e-7) ~ 16.1; the logits give 40 per element
    np.testing.assert_allclose(out.numpy(), [40.], rtol=1e-6)


GRADIENT_CASES = {
    'binary_focal': lambda y, p: losses.binary_focal_crossentropy(y, p, apply_class_balancing=True, gamma=1.5),
    'binary_focal_logits': lambda y, p: losses.binary_focal_crossentropy(y, p * 3. - 1., from_logits=True),
    'categorical_focal': lambda y, p: losses.categorical_focal_crossentropy(y, p, gamma=2.5, label_smoothing=0.1),
    'dice': lambda y, p: losses.dice(y, p, axis=-1),
    'tversky': lambda y, p: losses.tversky(y, p, alpha=0.3, beta=0.7),
}


@pytest.mark.parametrize('name', sorted(GRADIENT_CASES))
def test_gradients_match_central_differences(name):
    fn = GRADIENT_CASES[name]
    check_gradients(lambda p: fn(np.float64(Y), p), [np.float64(P)], atol=1e-6, rtol=1e-5)


def test_generalized_cross_entropy_and_circle_gradients():
    check_gradients(lambda p: losses.categorical_generalized_cross_entropy(np.array([1, 2]), p, q=0.3),
                    [np.float64(P)], atol=1e-6, rtol=1e-5)
    check_gradients(lambda e: losses.circle(LABELS, e, gamma=2., margin=0.25), [np.float64(EMBEDDINGS)],
                    atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize('call, message', [
    (lambda: losses.binary_focal_crossentropy(Y, P[:, :2]), 'binary_focal_crossentropy: y_true and y_pred'),
    (lambda: losses.categorical_focal_crossentropy(Y, P, axis=True), 'categorical_focal_crossentropy: `axis`'),
    (lambda: losses.dice(Y, np.ones((4, 5), np.float32)), 'dice: y_true of shape'),
    (lambda: losses.tversky(Y, P, axis='x'), 'tversky: `axis`'),
    (lambda: losses.CategoricalGeneralizedCrossEntropy(q=1.5), 'CategoricalGeneralizedCrossEntropy: q'),
    (lambda: losses.categorical_generalized_cross_entropy(Y, P, q=0.5), 'categorical_generalized_cross_entropy: y_true'),
    (lambda: losses.circle(Y, P), 'circle: y_true must be class labels'),
    (lambda: losses.circle(LABELS, EMBEDDINGS[:3]), 'circle: expected embeddings'),
])
def test_bad_input_names_the_loss(call, message):
    with pytest.raises((TypeError, ValueError), match=message):
        call()


# ---- CTC --------------------------------------------------------------------------------------
# Keras 3.15's keras.losses.ctc on these logits (and tf.GradientTape's gradient of the summed losses).
CTC_LOGITS = np.linspace(-1.5, 1.5, 24).reshape(2, 4, 3).astype(np.float32)
CTC_LOGITS[0, 1] = [0.3, -0.8, 1.2]
CTC_LABELS = np.array([[1, 2], [2, 0]], np.int32)       # 0 pads (and is the blank): lengths 2 and 1
CTC_GRADIENT = [[[0.1338295, -0.51145953, 0.3776299], [-0.0303303, -0.10195264, 0.13228291],
                 [0.05014108, 0.21433284, -0.2644738], [-0.11810911, 0.331451, -0.21334185]],
                [[-0.25037405, 0.331451, -0.08107695], [-0.02860928, 0.331451, -0.30284172],
                 [-0.02860928, 0.33145103, -0.30284172], [-0.25037402, 0.33145103, -0.08107701]]]


def test_ctc_matches_keras():
    np.testing.assert_allclose(losses.ctc(CTC_LABELS, CTC_LOGITS).numpy(), [1.963541030883789, 2.0788984298706055],
                               rtol=1e-6)
    np.testing.assert_allclose(float(losses.CTC(reduction='sum')(CTC_LABELS, CTC_LOGITS)), 4.0424394607543945,
                               rtol=1e-6)
    assert losses.CTC().get_config() == {'name': 'ctc', 'reduction': 'sum_over_batch_size'}
    assert losses.ctc(CTC_LABELS, np.float64(CTC_LOGITS)).dtype == np.float64
    # Labels no alignment fits (1, 1, 1 needs 5 frames): TensorFlow's finite "impossible" cost, not inf.
    np.testing.assert_allclose(losses.ctc(np.array([[1, 1, 1]]), CTC_LOGITS[:1]).numpy(), [709.36181640625],
                               rtol=1e-6)


def test_ctc_gradient_matches_keras_and_central_differences():
    import framework as tf
    logits = tf.constant(CTC_LOGITS)
    with tf.GradientTape() as tape:
        tape.watch(logits)
        total = tf.reduce_sum(losses.ctc(CTC_LABELS, logits))
    np.testing.assert_allclose(tape.gradient(total, logits).numpy(), CTC_GRADIENT, rtol=1e-5, atol=1e-6)
    # float64 logits are computed in float32, as Keras does: central differences with a coarse step
    check_gradients(lambda x: losses.ctc(np.array([[1, 1], [2, 0]]), x), [np.float64(CTC_LOGITS)],
                    delta=1e-2, atol=1e-3, rtol=1e-3)


@pytest.mark.parametrize('call, message', [
    (lambda: losses.ctc(CTC_LABELS[0], CTC_LOGITS), 'ctc: targets `y_true`'),
    (lambda: losses.ctc(CTC_LABELS, CTC_LOGITS[0]), 'ctc: logits `y_pred`'),
    (lambda: losses.ctc(CTC_LABELS[:1], CTC_LOGITS), 'ctc: y_true and y_pred must have the same batch size'),
])
def test_ctc_bad_input_names_the_loss(call, message):
    with pytest.raises(ValueError, match=message):
        call()
