"""The shortcuts that keep the seed custom loop's step fast give what the plain code gives.

Each test pins one equivalence a speed change relies on (see the comments at
the shortcuts), on cases where getting it wrong would show.
"""
import numpy as np
import pytest

import layers
from layers import Dense, Layer, Sequential, regularizers, tracking


@pytest.fixture(autouse=True)
def fresh_names():
    layers.reset_names()
    yield


class Block(Layer):
    """Sublayers in a list, one of them shared with the enclosing model."""

    def __init__(self, shared, **kwargs):
        super().__init__(**kwargs)
        self.inner = [Dense(3, kernel_regularizer='l2', bias_regularizer='l1'), shared]
        self.extra = Dense(2, kernel_regularizer=regularizers.l2(0.3))

    def build(self, input_shape):
        self.scale = self.add_weight(shape=(), initializer='ones', regularizer='l1', name='scale')
        self.frozen = self.add_weight(shape=(), initializer='ones', trainable=False, name='frozen')
        super().build(input_shape)

    def call(self, x):
        for layer in self.inner:
            x = layer(x)
        return self.extra(x) * self.scale


def nested_model():
    shared = Dense(3, kernel_regularizer='l2')
    model = Sequential([Dense(3, kernel_regularizer='l1'), shared, Block(shared),
                        Dense(1, kernel_regularizer='l2', bias_regularizer='l2')])
    model(np.ones((2, 4), np.float32))
    return model


def frozen_middle():
    model = nested_model()
    model.layers[2].inner[0].trainable = False
    return model


def variable_made_trainable():
    model = nested_model()
    model.layers[2].frozen.trainable = True        # a non-trainable-created variable that trains
    return model


@pytest.mark.parametrize('make', [nested_model, frozen_middle, variable_made_trainable])
def test_cached_walk_gives_keras_weight_order(make):
    """Own weights first, then each sublayer's (recursively), repeats dropped: the
    walk over all_sublayers must give that order for every list it caches."""
    def reference(layer):
        out = list(layer._trainable_created + layer._non_trainable_created)
        for sub in tracking.direct_sublayers(layer):
            out.extend(reference(sub))
        return tracking.unique(out)
    model = make()
    expected = reference(model)
    assert [id(v) for v in model.weights] == [id(v) for v in expected]
    assert [id(v) for v in model.trainable_weights] == [id(v) for v in expected if v.trainable]
    assert [id(v) for v in model.non_trainable_weights] == [id(v) for v in expected if not v.trainable]


@pytest.mark.parametrize('make', [nested_model, frozen_middle, variable_made_trainable])
def test_losses_add_one_penalty_per_regularized_trainable_weight_in_weight_order(make):
    model = make()
    regularized = {}
    for layer in [model] + tracking.all_sublayers(model):
        regularized.update(layer._regularizers)
    expected = [float(regularized[v](v)) for v in model.trainable_weights if v in regularized]
    assert [float(loss) for loss in model.losses] == expected
    assert len(expected) >= 6


def test_frozen_model_has_no_penalties():
    model = nested_model()
    model.trainable = False
    assert model.losses == []


@pytest.mark.parametrize('dtype', ['float16', 'float32', 'float64'])
@pytest.mark.parametrize('total, count', [(0.0, 0.0), (3.0, 0.0), (-0.0, -0.0), (np.inf, 0.0), (np.nan, 0.0),
                                          (1.0, 3.0), (-2.5, 7.0), (np.inf, 2.0), (1.0, np.nan), (5.0, -0.0)])
def test_mean_result_is_divide_no_nan_of_its_state(dtype, total, count):
    from framework.metrics import Mean
    metric = Mean(dtype=dtype)
    metric.total._data[...] = total
    metric.count._data[...] = count
    kind = np.dtype(dtype).type
    with np.errstate(all='ignore'):
        expected = kind(0) if kind(count) == 0 else kind(total) / kind(count)
    result = metric.result()
    assert result.dtype == np.dtype(dtype) and result._data.shape == ()
    np.testing.assert_array_equal(result._data, np.asarray(expected, dtype))


# ---- the cached sublayer places (tracking.CACHE) follow every attribute change ----
class Holder(Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.first = Dense(2)
        self.blocks = []

    def call(self, x):
        for layer in [self.first] + self.blocks:
            x = layer(x)
        return x


def test_sublayers_follow_replaced_appended_and_deleted_attributes():
    holder = Holder()
    x = np.ones((1, 3), np.float32)
    holder(x)
    assert len(holder.weights) == 2          # the answer is cached now
    with holder.unlocked_state():            # (Keras 3 refuses new sublayers on a built layer)
        holder.first = Dense(3)              # replaced: the old Dense's weights go
        holder.blocks.append(Dense(4))       # a list grows in place
    holder(x)
    assert [tuple(w.shape) for w in holder.weights] == [(3, 3), (3,), (3, 4), (4,)]
    with holder.unlocked_state():
        holder.extra = Dense(1)
    holder.extra(np.ones((1, 4), np.float32))
    assert len(holder.weights) == 6
    del holder.extra
    assert len(holder.weights) == 4
    assert holder._flatten_layers(include_self=False, recursive=False) == [holder.first, holder.blocks[0]]


# ---- one flat update for many small variables (optim/flat_update.py) ----
def _train_pair(optimizer_name, steps=6, disturb=None, persistent=False, **options):
    """Two identical models: one trained through FlatGroups, one variable by variable."""
    import optim
    results = []
    for flat in (True, False):
        layers.reset_names()
        rng = np.random.default_rng(0)
        model = Sequential([Dense(5, activation='elu'), Dense(1)])
        model(np.zeros((1, 3), np.float32))
        model.set_weights([rng.standard_normal(w.shape).astype(np.float32) for w in model.get_weights()])
        opt = optim.get(optimizer_name) if not options else getattr(optim, optimizer_name)(**options)
        opt.elementwise_update = flat
        import framework as tf
        for step in range(steps):
            x = rng.standard_normal((4, 3)).astype(np.float32)
            with tf.GradientTape(persistent=persistent) as tape:
                loss = tf.reduce_mean(tf.square(model(x) - 1.0))
            grads = tape.gradient(loss, model.trainable_variables)
            if disturb is not None:
                disturb(step, model, opt)
            opt.apply_gradients(zip(grads, model.trainable_variables))
            del tape
        results.append(([w.copy() for w in model.get_weights()], [v.numpy() for v in opt.variables]))
    return results


@pytest.mark.parametrize('name, options', [
    ('Nadam', {}), ('Adam', {'amsgrad': True}), ('RMSprop', {'momentum': 0.5, 'centered': True}),
    ('SGD', {'momentum': 0.9, 'nesterov': True}), ('Adagrad', {}), ('Adamax', {}), ('Adadelta', {}),
    ('AdamW', {'weight_decay': 0.1}), ('Adam', {'clipnorm': 0.5})])
def test_flat_update_gives_the_per_variable_bits(name, options):
    (flat_w, flat_s), (one_w, one_s) = _train_pair(name, **options)
    for a, b in zip(flat_w + flat_s, one_w + one_s):
        np.testing.assert_array_equal(a, b)


def test_flat_update_survives_rebound_buffers():
    """A persistent tape holding the old values at every update (so the variables leave
    their flat buffer each step), an assign and a state load mid-training."""
    def disturb(step, model, opt):
        if step == 2:
            model.layers[0].kernel.assign(model.layers[0].kernel.numpy() * 0.5)
        if step == 3 and opt.variables:
            state = [v.numpy() for v in opt.variables]
            opt.set_weights(state)
        if step == 4:
            import framework as tf
            with tf.GradientTape() as held:        # a snapshot of the weights stays alive
                model(np.ones((1, 3), np.float32))
            disturb.held = held
    (flat_w, flat_s), (one_w, one_s) = _train_pair('Nadam', disturb=disturb, persistent=True)
    for a, b in zip(flat_w + flat_s, one_w + one_s):
        np.testing.assert_array_equal(a, b)


def test_user_optimizer_with_its_own_update_step_is_not_flattened():
    import optim

    class NormScaled(optim.SGD):
        def update_step(self, gradient, variable, learning_rate):
            # depends on the whole variable: would change if variables were concatenated
            variable._data -= learning_rate * gradient / (np.linalg.norm(gradient) + 1.0)

    assert NormScaled.elementwise_update is False and optim.SGD.elementwise_update is True


# ---- Mean's shortcut for a plain tensor of its dtype ----
@pytest.mark.parametrize('shape', [(), (5,), (4, 3), (2, 3, 2), (0, 3)])
def test_mean_shortcut_matches_the_general_path(shape):
    import framework as tf
    from framework.metrics import Mean
    rng = np.random.default_rng(1)
    values = rng.standard_normal(shape).astype(np.float32)
    fast, general = Mean(), Mean()
    fast.update_state(tf.constant(values))
    general.update_state(values.astype(np.float64).tolist() if shape else float(values))  # converted: general path
    np.testing.assert_array_equal(fast.total.numpy(), general.total.numpy())
    np.testing.assert_array_equal(fast.count.numpy(), general.count.numpy())


def test_cached_weight_lists_follow_every_change():
    model = nested_model()
    before = len(model.trainable_weights)
    model.layers[0].kernel.trainable = False                  # a variable's flag
    assert len(model.trainable_weights) == before - 1
    model.layers[0].kernel.trainable = True
    block = model.layers[2]
    with block.unlocked_state():          # (Keras 3 refuses new sublayers on a built layer)
        block.inner.append(Dense(2))                           # a list grows in place
    block.inner[-1](np.ones((1, 3), np.float32))
    assert len(model.trainable_weights) == before + 2
    old = block.inner[-1]
    with block.unlocked_state():
        block.inner[-1] = Dense(5)                             # an item replaced in place
    block.inner[-1](np.ones((1, 3), np.float32))
    ids = [id(w) for w in model.trainable_weights]
    assert id(block.inner[-1].kernel) in ids and id(old.kernel) not in ids
    block.trainable = False                                    # a layer's flag
    assert all(not any(w is v for v in model.trainable_weights) for w in block.weights)
    got = model.trainable_weights
    got.clear()                                                # callers own what they get
    assert model.trainable_weights


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_mean_shortcut_for_a_scalar_weighted_by_a_scalar(dtype):
    """fit's loss tracker: update_state(loss, sample_weight=batch size), both scalar tensors."""
    import framework as tf
    from framework.metrics import Mean
    fast, general = Mean(dtype=dtype), Mean(dtype=dtype)
    for value, weight in [(0.3, 32.0), (1.7, 32.0), (2.5, 7.0)]:
        fast.update_state(tf.constant(value, dtype), sample_weight=tf.constant(weight, dtype))
        general.update_state(np.asarray(value, dtype), sample_weight=np.asarray([weight], dtype))
    for a, b in [(fast.total, general.total), (fast.count, general.count)]:
        np.testing.assert_array_equal(a.numpy(), b.numpy())
    np.testing.assert_array_equal(fast.result().numpy(), general.result().numpy())


@pytest.mark.parametrize('metric_name', ['MeanAbsoluteError', 'MeanSquaredError'])
@pytest.mark.parametrize('true_shape, pred_shape, true_dtype', [
    ((6, 1), (6, 1), 'float32'), ((5, 3), (5, 3), 'float32'), ((2, 3, 4), (2, 3, 4), 'float32'),
    ((6,), (6, 1), 'float32'), ((6, 1), (6, 1), 'float64'), ((4, 3), (4, 3), 'int64')])
def test_mse_mae_metrics_on_arrays_match_the_general_path(metric_name, true_shape, pred_shape, true_dtype):
    """MeanMetricWrapper._update_arrays (host arrays of one shape and dtype) against the
    tensor path; other cases must fall back to it and give the same."""
    import framework as tf
    from framework import metrics
    rng = np.random.default_rng(2)
    fast, general = getattr(metrics, metric_name)(), getattr(metrics, metric_name)()
    general._array_form = None
    for _ in range(3):
        y_true = (rng.standard_normal(true_shape) * 3).astype(true_dtype)
        y_pred = tf.constant(rng.standard_normal(pred_shape).astype('float32'))
        fast.update_state(y_true, y_pred)
        general.update_state(y_true, y_pred)
    np.testing.assert_array_equal(fast.total.numpy(), general.total.numpy())
    np.testing.assert_array_equal(fast.count.numpy(), general.count.numpy())


@pytest.mark.parametrize('shape', [(7,), (4, 3), (2, 3, 5)])
@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_sum_over_batch_size_as_one_mean_gives_sum_then_divide_bits(shape, dtype):
    """Loss reduction 'sum_over_batch_size' runs as reduce_mean: same value and gradient bits
    as Keras's reduce_sum followed by a division by the count."""
    import framework as tf
    from framework.losses.reduction import reduce_values
    v = tf.Variable(np.random.default_rng(3).standard_normal(shape).astype(dtype) * 5)
    with tf.GradientTape(persistent=True) as tape:
        one_op = reduce_values(v * 1.0)
        two_ops = tf.reduce_sum(v * 1.0) / float(np.prod(shape))
    np.testing.assert_array_equal(one_op.numpy(), two_ops.numpy())
    np.testing.assert_array_equal(tape.gradient(one_op, v).numpy(), tape.gradient(two_ops, v).numpy())
