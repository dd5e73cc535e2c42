"""In a traced step (Keras's train step, a tf.function) the logits gradient of
sigmoid_cross_entropy_with_logits (BinaryCrossentropy(from_logits=True), and sigmoid outputs'
cross-entropies, which read the logits) adds its four terms in the order of TensorFlow's optimized
graph, whose AddN grappler sorts by input name; eager, in the tape's order
(framework/ops/sigmoid_xent_graph.py). The expected bits were printed by TF 2.21 for the same
programs (/work/notes/progs/classify4/gold_xent.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.gradient_check import check_gradients

# goldens measured on the Xeon: TF's reciprocals there refine Intel's VRCPPS estimate
pytestmark = pytest.mark.usefixtures('intel_reciprocal')

LOGITS = [1080357319, 1063222840, 1044750455, 3228468974, 3205367252, 3207963384, 3190387806, 3214967582,
    3182656174, 3212072428, 3223858360, 1071806109, 1071750671, 1079694154, 1036840980, 3209638369]
LABELS = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1]
EAGER = [1031342575, 1026855774, 1024217152, 3178888172, 1018872173, 1017696036, 3171586330, 3175557752,
    1022675498, 1015960877, 998898662, 3155501485, 3155556796, 3137460841, 3170055098, 3174114580]
TRACED = [1031342575, 1026855774, 1024217152, 3178888172, 1018872173, 1017696036, 3171586330, 3175557752,
    1022675498, 1015960877, 998898662, 3155501484, 3155556796, 3137460848, 3170055098, 3174114580]
NN_EAGER = [1048119791, 1043632990, 1040994368, 3195665388, 1035649389, 1034473252, 3188363546, 3192334968,
    1039452714, 1032738093, 1015675878, 3172278701, 3172334012, 3154238057, 3186832314, 3190891796]
NN_TRACED = [1048119791, 1043632990, 1040994368, 3195665388, 1035649389, 1034473252, 3188363546, 3192334968,
    1039452714, 1032738093, 1015675878, 3172278700, 3172334012, 3154238064, 3186832314, 3190891796]
FIT_LOSS = [0.6815798282623291, 0.664003312587738, 0.6513814330101013, 0.64212965965271]
FIT_WEIGHTS = [[1024324600, 1036317788, 1057182302], [3189558388]]


def _logits_and_labels():
    return (tf.constant(np.array(LOGITS, np.uint32).view(np.float32).reshape(16, 1)),
            np.array(LABELS, np.float32).reshape(16, 1))


def _bits(values):
    return np.asarray(values, np.float32).reshape(-1).view(np.uint32).tolist()


def _keras_grad(z, y):
    with tf.GradientTape() as tape:
        tape.watch(z)
        loss = keras.losses.BinaryCrossentropy(from_logits=True)(y, z)
    return tape.gradient(loss, z)


def _nn_grad(z, y):
    with tf.GradientTape() as tape:
        tape.watch(z)
        loss = tf.reduce_sum(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=z) * 0.25)
    return tape.gradient(loss, z)


@pytest.mark.parametrize('grad, eager, traced', [(_keras_grad, EAGER, TRACED), (_nn_grad, NN_EAGER, NN_TRACED)],
                         ids=['keras_loss', 'nn_op'])
def test_traced_gradient_adds_in_the_graphs_order_and_eager_in_the_tapes(grad, eager, traced):
    assert eager != traced
    z, y = _logits_and_labels()
    assert _bits(grad(z, y)) == eager
    assert _bits(tf.function(grad)(z, y)) == traced
    dynamic = tf.function(grad, input_signature=[tf.TensorSpec((None, 1)), tf.TensorSpec((None, 1))])
    assert _bits(dynamic(z, y)) == traced


@pytest.mark.avx512_bits
def test_a_binary_classifier_fits_through_tensorflows_bits(exact_math):
    # (exact math: a Dense(1) layer's forward under a tape sums in oneDNN's order only then)
    rng = np.random.RandomState(3)
    rng.randn(16, 1), rng.rand(16, 1)                  # the draws of LOGITS and LABELS
    keras.utils.set_random_seed(4)
    x, y = rng.randn(12, 3).astype('float32'), (rng.rand(12) > 0.5).astype('float32')
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile(keras.optimizers.SGD(0.5), keras.losses.BinaryCrossentropy(from_logits=True))
    history = model.fit(x, y, batch_size=6, epochs=4, verbose=0)
    assert history.history['loss'] == FIT_LOSS
    assert [_bits(w) for w in model.get_weights()] == FIT_WEIGHTS


def _traced_loss(labels):
    return tf.function(lambda z: tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=z))


def test_traced_rules_match_central_differences_and_the_eager_composition():
    labels = tf.constant([0.0, 1.0, 1.0, 0.3, 0.0], tf.float64)
    logits = np.array([-2.5, -0.1, 0.0, 0.7, 3.0])
    check_gradients(_traced_loss(labels), [logits])
    z = tf.constant(logits)
    with tf.GradientTape() as outer:
        outer.watch(z)
        first = tf.function(lambda v: _nn_grad(v, labels))(z)
    second = outer.gradient(first, z)             # the traced rule's own gradient (tensor form)
    with tf.GradientTape() as outer:
        outer.watch(z)
        eager_first = _nn_grad(z, labels)
    np.testing.assert_allclose(first.numpy(), eager_first.numpy(), rtol=1e-15)
    np.testing.assert_allclose(second.numpy(), outer.gradient(eager_first, z).numpy(), rtol=1e-12)


def test_traced_array_and_tensor_rules_agree_bit_for_bit():
    z, y = _logits_and_labels()
    y = tf.constant(y)

    @tf.function
    def both(z, y):
        with tf.GradientTape(persistent=True) as tape:
            tape.watch([z, y])
            loss = tf.reduce_sum(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=z) * 0.3)
        on_arrays = tape.gradient(loss, [z, y])
        with tf.GradientTape():               # a recording tape: the sweep runs the tensor rules
            on_tensors = tape.gradient(loss, [z, y])
        return on_arrays, on_tensors

    on_arrays, on_tensors = both(z, y)
    for a, t in zip(on_arrays, on_tensors):
        assert _bits(a) == _bits(t)
