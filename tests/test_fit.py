"""Model.compile / fit / evaluate / predict against Keras 3.

The golden histories were produced by Keras 3.15 (TensorFlow 2.21, CPU) from the
same data and the same initial weights (set through ``set_weights``), with
``shuffle=False``; the script is the body of ``_regression_model`` and friends
run with ``import keras`` instead of ``from framework import keras``.
"""
import numpy as np
import pytest

import framework
from framework import keras


def _data():
    i = np.arange(40, dtype=np.float32)
    x = np.stack([np.sin(i), np.cos(0.5 * i), (i % 7) / 7.0 - 0.5], axis=1).astype(np.float32)
    y = (x @ np.array([[1.5], [-2.0], [0.7]], np.float32) + 0.3).astype(np.float32)
    return x, y


def _weights():
    return [np.arange(12, dtype=np.float32).reshape(3, 4) / 10.0 - 0.5,
            np.array([0.1, -0.1, 0.05, 0.0], np.float32),
            np.array([[0.3], [-0.2], [0.5], [0.1]], np.float32),
            np.array([0.05], np.float32)]


def _classifier_weights():
    weights = _weights()
    weights[2] = np.arange(12, dtype=np.float32).reshape(4, 3) / 12.0 - 0.4
    weights[3] = np.array([0.0, 0.1, -0.1], np.float32)
    return weights


def _regression_model(regularizer=None, units_out=1, activation=None):
    model = keras.Sequential([keras.Input((3,)),
                              keras.layers.Dense(4, activation='elu', kernel_regularizer=regularizer),
                              keras.layers.Dense(units_out, activation=activation)])
    model.set_weights(_weights() if units_out == 1 else _classifier_weights())
    return model


def _assert_history(history, expected):
    assert list(history.history) == list(expected)
    for key, values in expected.items():
        np.testing.assert_allclose(history.history[key], values, rtol=2e-6, atol=1e-7, err_msg=key)


def test_history_matches_keras_with_l2_validation_split_and_partial_batches(backend):
    # 30 training samples in batches of 8 (8, 8, 8, 6): the epoch loss is the
    # batch-size-weighted mean, and includes the l2 penalty.
    x, y = _data()
    model = _regression_model(keras.regularizers.l2(0.01))
    model.compile(keras.optimizers.Adam(0.05), 'mse', metrics=['mae'])
    history = model.fit(x, y, batch_size=8, epochs=3, validation_split=0.25, shuffle=False, verbose=0)
    _assert_history(history, {
        'loss': [2.8488478660583496, 2.146355628967285, 1.467771053314209],
        'mae': [1.2812522649765015, 1.1134196519851685, 0.9124601483345032],
        'val_loss': [3.7847466468811035, 2.8727967739105225, 1.627309799194336],
        'val_mae': [1.6491234302520752, 1.443806529045105, 1.0845491886138916]})
    np.testing.assert_allclose(model.get_weights()[2].ravel(),
                               [0.3475232720375061, -0.75837641954422, 0.3638087809085846, -0.2911011278629303],
                               rtol=1e-5)
    assert history.epoch == [0, 1, 2]
    assert model.history is history


def test_classification_history_matches_keras_with_class_weight_and_validation_data(backend):
    x, _ = _data()
    labels = (np.arange(40) % 3).astype(np.int64)
    model = _regression_model(units_out=3, activation='softmax')
    model.compile(keras.optimizers.SGD(0.1, momentum=0.9), 'sparse_categorical_crossentropy', metrics=['accuracy'])
    history = model.fit(x, labels, batch_size=16, epochs=3, validation_data=(x[:10], labels[:10]),
                        shuffle=False, verbose=0, class_weight={0: 1.0, 1: 2.0, 2: 0.5})
    # Keras sorts log keys: 'accuracy' comes before 'loss'.
    _assert_history(history, {
        'accuracy': [0.30000001192092896, 0.32499998807907104, 0.32499998807907104],
        'loss': [1.2283117771148682, 1.1798038482666016, 1.136124849319458],
        'val_accuracy': [0.30000001192092896, 0.30000001192092896, 0.30000001192092896],
        'val_loss': [1.1230719089508057, 1.1679131984710693, 1.2382179498672485]})
    loss, accuracy = model.evaluate(x, labels, verbose=0)
    assert loss == pytest.approx(1.2304964065551758, rel=1e-5) and accuracy == pytest.approx(0.325)
    assert model.evaluate(x, labels, verbose=0, return_dict=True) == pytest.approx(
        {'accuracy': 0.32499998807907104, 'loss': 1.2304964065551758}, rel=1e-5)


def test_sample_weight_and_weighted_metrics_match_keras():
    x, y = _data()
    model = _regression_model()
    model.compile(keras.optimizers.SGD(0.05), 'mae', metrics=['mse'], weighted_metrics=['mse'])
    sw = np.linspace(0.5, 1.5, 40).astype(np.float32)
    history = model.fit(x, y, sample_weight=sw, batch_size=10, epochs=2, shuffle=False, verbose=0)
    _assert_history(history, {'loss': [1.510797142982483, 1.478646993637085],
                              'mse': [3.485619306564331, 3.3497893810272217],
                              'weighted_mse': [3.6601357460021973, 3.5186831951141357]})


def test_validation_split_takes_the_last_fraction_before_shuffling():
    x, y = _data()
    seen = []

    class Recorder(keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = keras.layers.Dense(1)

        def test_step(self, data):
            seen.append(np.asarray(data[0]))
            return super().test_step(data)

        def call(self, inputs):
            return self.dense(inputs)

    model = Recorder()
    # (eagerly: in a traced step the batch is symbolic, and NumPy refuses it as TF 2.21 does)
    model.compile('sgd', 'mse', run_eagerly=True)
    model.fit(x, y, validation_split=0.2, epochs=1, batch_size=100, verbose=0, shuffle=True)
    np.testing.assert_array_equal(np.concatenate(seen), x[32:])


def test_same_seed_gives_bit_identical_training():
    x, y = _data()

    def run():
        keras.utils.set_random_seed(7)
        model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(8, activation='relu'),
                                  keras.layers.Dense(1)])
        model.compile('adam', 'mse')
        history = model.fit(x, y, epochs=3, batch_size=8, verbose=0)   # shuffle=True
        return model.get_weights(), history.history['loss']

    (w1, l1), (w2, l2) = run(), run()
    assert l1 == l2
    for a, b in zip(w1, w2):
        np.testing.assert_array_equal(a, b)


def test_class_weight_changes_training_like_the_matching_sample_weight():
    x, _ = _data()
    labels = (np.arange(40) % 2).astype(np.float32)

    def train(**kwargs):
        model = _regression_model(activation='sigmoid')
        model.compile('sgd', 'binary_crossentropy')
        model.fit(x, labels, epochs=2, batch_size=8, shuffle=False, verbose=0, **kwargs)
        return model.get_weights()

    plain = train()
    by_class = train(class_weight={0: 3.0, 1: 0.5})
    by_sample = train(sample_weight=np.where(labels == 0, 3.0, 0.5).astype(np.float32))
    assert not np.allclose(plain[0], by_class[0])
    for a, b in zip(by_class, by_sample):
        np.testing.assert_allclose(a, b, rtol=1e-6)
    with pytest.raises(ValueError, match='You cannot `class_weight` and `sample_weight` at the same time'):
        train(class_weight={0: 1.0}, sample_weight=np.ones(40, np.float32))


def test_predict_is_batched_and_returns_numpy(backend):
    x, _ = _data()
    model = _regression_model()
    out = model.predict(x, batch_size=7, verbose=0)
    assert isinstance(out, np.ndarray) and out.shape == (40, 1)
    np.testing.assert_allclose(out, model(x).numpy(), rtol=1e-6, atol=1e-7)  # batches of 7 put other values in exp's scalar tail
    np.testing.assert_allclose(model.predict_on_batch(x[:5]), out[:5], rtol=1e-6)


def test_on_batch_methods_and_metrics_names():
    x, y = _data()
    model = _regression_model()
    model.compile('sgd', 'mse', metrics=['mae'])
    assert model.metrics_names == ['loss', 'compile_metrics']     # Keras 3 lists the container
    before = model.test_on_batch(x, y)
    assert len(before) == 2
    loss = model.train_on_batch(x, y, return_dict=True)
    assert set(loss) == {'loss', 'mae'} and loss['loss'] == pytest.approx(before[0], rel=1e-6)
    assert model.test_on_batch(x, y)[0] < before[0]


def test_steps_per_epoch_continues_the_batch_stream_and_warns_when_data_run_out():
    x, y = _data()
    model = _regression_model()
    model.compile('sgd', 'mse')
    history = model.fit(x, y, batch_size=10, epochs=2, steps_per_epoch=2, shuffle=False, verbose=0)
    assert len(history.history['loss']) == 2
    with pytest.warns(UserWarning, match='ran out of data'):
        model.fit(x, y, batch_size=10, epochs=1, steps_per_epoch=5, verbose=0)


def test_custom_train_step_is_used_by_fit():
    x, y = _data()
    calls = []

    class Custom(keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = keras.layers.Dense(1)
            self.tracker = keras.metrics.Mean(name='loss')

        def call(self, inputs):
            return self.dense(inputs)

        def train_step(self, data):
            x_batch, y_batch = data
            with framework.GradientTape() as tape:
                loss = framework.reduce_mean(framework.square(self(x_batch, training=True) - y_batch))
            grads = tape.gradient(loss, self.trainable_variables)
            self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
            self.tracker.update_state(loss)
            calls.append(1)
            return {'loss': self.tracker.result()}

        @property
        def metrics(self):
            return [self.tracker]

    model = Custom()
    model.compile(optimizer='sgd')
    history = model.fit(x, y, epochs=2, batch_size=20, verbose=0)
    assert len(calls) == 4 and list(history.history) == ['loss']
    assert history.history['loss'][1] < history.history['loss'][0]


# ---- bad input ----------------------------------------------------------------------------
def test_fit_before_compile_raises():
    x, y = _data()
    with pytest.raises(ValueError, match=r'^You must call `compile\(\)` before using the model\.') as info:
        _regression_model().fit(x, y, verbose=0)
    assert 'fit() needs a compiled model' in info.value.__notes__[0]     # which call, as a note


def test_lengths_that_disagree_name_both():
    x, y = _data()
    model = _regression_model()
    model.compile('sgd', 'mse')
    with pytest.raises(ValueError, match='x has 40 samples, y has 39 samples'):
        model.fit(x, y[:-1], verbose=0)


@pytest.mark.parametrize('argument, value, listed', [
    ('optimizer', 'adamm', 'adam'), ('loss', 'mean_sqared_error', 'mean_squared_error'),
    ('metrics', ['acuracy'], 'binary_accuracy')])
def test_unknown_names_list_valid_ones(argument, value, listed):
    kwargs = {'optimizer': 'sgd', 'loss': 'mse', argument: value}
    model = _regression_model()
    with pytest.raises(ValueError, match=argument[:6]) as info:
        model.compile(**kwargs)        # a loss or metric name fails at fit, where Keras 3 resolves it
        model.fit(np.ones((8, 3)), np.ones((8, 1)), verbose=0)
    # Keras 3's text names the value ('Could not interpret optimizer identifier: adamm'); the valid
    # names ride as a note
    text = '\n'.join([str(info.value)] + getattr(info.value, '__notes__', []))
    assert (value if argument != 'metrics' else value[0]) in str(info.value) and listed in text


@pytest.mark.parametrize('loss, labels, message', [
    ('sparse_categorical_crossentropy', np.eye(3, dtype=np.float32)[np.arange(40) % 3],
     r'y_true of shape \(32, 3\).*one-hot labels use categorical_crossentropy'),
    ('categorical_crossentropy', np.eye(4, dtype=np.float32)[np.arange(40) % 4], r'\(32, 4\).*\(32, 3\)'),
    ('mse', np.ones((40, 2), np.float32), r'\(32, 2\).*\(32, 3\)')])
def test_labels_of_the_wrong_shape_for_the_loss_name_the_shapes(loss, labels, message):
    x, _ = _data()
    model = _regression_model(units_out=3, activation='softmax')
    model.compile('sgd', loss)
    with pytest.raises(ValueError, match=message):
        model.fit(x, labels, verbose=0)


def test_bad_validation_split_and_data():
    x, y = _data()
    model = _regression_model()
    model.compile('sgd', 'mse')
    with pytest.raises(ValueError, match='not sufficient'):
        model.fit(x[:1], y[:1], validation_split=0.5, verbose=0)
    # TF 2.21 reads an array as validation inputs without targets: the compiled loss fails (grid12 errs2.py)
    with pytest.raises(ValueError, match='^None values not supported'):
        model.fit(x, y, validation_data=x, verbose=0)


@pytest.mark.parametrize('validation_freq, validated', [(2, [1, 3]), ([1, 4], [0, 3])])
def test_validation_freq_validates_only_the_chosen_epochs(validation_freq, validated):
    x, y = _data()
    model = _regression_model()
    model.compile('sgd', 'mse')
    epochs_seen = []
    record = keras.callbacks.LambdaCallback(
        on_epoch_end=lambda epoch, logs: 'val_loss' in logs and epochs_seen.append(epoch))
    history = model.fit(x, y, epochs=4, validation_data=(x, y), validation_freq=validation_freq, verbose=0,
                        callbacks=[record])
    assert epochs_seen == validated and len(history.history['val_loss']) == 2
