"""Grappler's rewrites of Keras loss and metric formulas inside a traced function (fit / evaluate /
predict steps, tf.function), found by the metrics13 compile sweep (/work/notes/progs/metrics13):

- LogCosh: ``x + softplus(-2x) - log 2`` runs as ``(x - log 2) + softplus(-2x)`` (ConstantPushDown);
- categorical_hinge: ``neg - pos + 1`` runs as ``neg - (pos - 1)`` (ConstantPushDown);
- ``x / sqrt(v)`` runs as ``x * rsqrt(v)`` when no gradient reads the root (SqrtDivToRsqrtMul);
- pearson_correlation's product of z-scores is regrouped by shape (MinimizeBroadcasts) where the
  trace knows the shapes.

Golden values: /work/notes/progs/metrics13/gold3.py and gold4.py under TF 2.21 + Keras 3.15
(/opt/tfref); eager values are pinned too, to show the traced ones differ from them.
"""
import numpy as np

import framework as tf
from framework import keras


def _draw(seed):
    r = np.random.RandomState(seed)
    return r.randn(4, 3).astype('float32'), r.randn(4, 3).astype('float32')


def _bits(t):
    return [float(v) for v in np.ravel(np.asarray(t))]


LABELS = np.eye(3, dtype='float32')[[0, 2, 1, 2]]


def test_log_cosh_traced_pushes_the_constant_down():
    y_true, y_pred = _draw(0)
    assert _bits(keras.losses.log_cosh(y_true, y_pred)) == [
        0.20368917286396027, 0.5255072712898254, 0.7278240323066711, 0.5948500037193298]
    assert _bits(tf.function(keras.losses.log_cosh)(y_true, y_pred)) == [
        0.20368917286396027, 0.5255072116851807, 0.7278240323066711, 0.5948500037193298]
    metric = keras.metrics.LogCoshError()
    assert _bits(tf.function(lambda a, b: (metric.update_state(a, b), metric.result())[1])(y_true, y_pred)) == \
        [0.512967586517334]


def test_log_cosh_traced_gradient_is_unchanged():
    y_true, y_pred = _draw(0)
    x = tf.Variable(y_pred)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = keras.losses.LogCosh()(y_true, x)
        return loss, tape.gradient(loss, x)
    loss, grad = step()
    assert _bits(loss) == [0.512967586517334]
    np.testing.assert_array_equal(grad.numpy().ravel(), np.float32([
        -0.06357144564390182, -0.022624991834163666, -0.040758199989795685, -0.07973761111497879,
        -0.02975258231163025, 0.05401335656642914, -0.046905629336833954, -0.05050859600305557,
        -0.08210084587335587, 0.019862189888954163, 0.051429372280836105, -0.08129765838384628]))


def test_categorical_hinge_traced_pushes_the_constant_down():
    _, y_pred = _draw(1)
    assert _bits(keras.losses.categorical_hinge(LABELS, y_pred)) == [
        2.456186532974243, 1.8778584003448486, 0.4593985080718994, 1.6422293186187744]
    assert _bits(tf.function(keras.losses.categorical_hinge)(LABELS, y_pred)) == [
        2.4561867713928223, 1.8778584003448486, 0.4593985080718994, 1.6422293186187744]


def _division_inputs():
    r = np.random.RandomState(13)
    x = r.randn(4, 3).astype('float32')
    r.randn(4, 3)
    return x, r.uniform(0.1, 3.0, (4, 1)).astype('float32')


def test_traced_division_by_a_root_multiplies_by_rsqrt():
    x, v = _division_inputs()
    eager = (x / tf.sqrt(v)).numpy()
    traced = tf.function(lambda a, b: a / tf.sqrt(b))(x, v).numpy()
    np.testing.assert_array_equal(traced, (x * tf.math.rsqrt(v)).numpy())
    assert _bits(traced[:2]) == [-0.42851388454437256, 0.45340198278427124, -0.026769282296299934,
                                 0.5023301839828491, 1.4954997301101685, 0.5918594598770142]
    assert (traced != eager).any()


def test_traced_division_with_a_gradient_stays_a_division():
    # the gradient reads the root: TF's graph keeps the Sqrt and the RealDiv
    x, v = _division_inputs()
    w = tf.Variable(v)

    @tf.function
    def step(a):
        with tf.GradientTape() as tape:
            y = a / tf.sqrt(w)
        return y, tape.gradient(y, w)
    y, grad = step(x)
    np.testing.assert_array_equal(y.numpy(), (x / tf.sqrt(v)).numpy())
    assert _bits(grad) == [0.00034031711402349174, -1.6005903482437134, -1.0807104110717773, 2.033615827560425]


def test_pearson_correlation_traced_with_and_without_static_shapes():
    r = np.random.RandomState(13)
    y_true, y_pred = r.randn(4, 3).astype('float32'), r.randn(4, 3).astype('float32')
    assert _bits(keras.metrics.pearson_correlation(y_true, y_pred)) == [
        -0.7161559462547302, -0.5031023621559143, -0.31048035621643066, 0.7852172255516052]
    assert _bits(tf.function(keras.metrics.pearson_correlation)(y_true, y_pred)) == [
        -0.7161559462547302, -0.5031023621559143, -0.3104803264141083, 0.7852172255516052]
    relaxed = tf.function(keras.metrics.pearson_correlation,
                          input_signature=[tf.TensorSpec([None, 3]), tf.TensorSpec([None, 3])])
    assert _bits(relaxed(y_true, y_pred)) == [
        -0.7161559462547302, -0.5031023621559143, -0.31048035621643066, 0.78521728515625]


def test_concordance_correlation_in_a_trace_relaxed_to_a_none_batch():
    # /work/notes/progs/metrics13/gold5.py: with a None batch grappler pushes epsilon down the
    # denominator's sum; with the shapes known the sum stays in the eager order
    y_true, y_pred = _draw(0)
    eager = [0.388905793428421, 0.4832676351070404, 0.2897339165210724, -0.8065722584724426]
    assert _bits(keras.metrics.concordance_correlation(y_true, y_pred)) == eager
    assert _bits(tf.function(keras.metrics.concordance_correlation)(y_true, y_pred)) == eager
    relaxed = tf.function(keras.metrics.concordance_correlation,
                          input_signature=[tf.TensorSpec([None, 3]), tf.TensorSpec([None, 3])])
    assert _bits(relaxed(y_true, y_pred)) == [0.3889058530330658, 0.4832676351070404, 0.2897339165210724,
                                              -0.8065722584724426]


def test_cosine_similarity_traced_regroups_the_normalized_product():
    # /work/notes/progs/metrics13/gold6.py: with the shapes known and no gradient, grappler computes
    # -sum((t * p) * (rsqrt_t * rsqrt_p)); under a tape (a loss being differentiated) the eager form stays
    y_true, y_pred = _draw(0)
    eager = [-0.9980612993240356, -0.786760151386261, -0.2632088363170624, 0.3442670702934265]
    assert _bits(keras.losses.cosine_similarity(y_true, y_pred)) == eager
    assert _bits(tf.function(keras.losses.cosine_similarity)(y_true, y_pred)) == \
        [-0.9980612993240356, -0.786760151386261, -0.2632088363170624, 0.3442671298980713]
    x = tf.Variable(y_pred)

    @tf.function
    def taped():
        with tf.GradientTape():
            return keras.losses.cosine_similarity(y_true, x)
    assert _bits(taped()) == eager
