"""The keras.io training / Sequential guides with knobs their earlier ports did not turn.

Every literal below was printed by TF 2.21 + Keras 3 running the same program with
`import tensorflow as tf; from tensorflow import keras` (probes train4.py / train5.py under
/work/notes/progs/tutorials48/; the snippets are the test bodies).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.keras import layers, ops


def _data():
    rs = np.random.RandomState(3)
    x = rs.rand(96, 6).astype('float32')
    ys = rs.randint(3, size=(96,))
    return x, ys, keras.utils.to_categorical(ys, 3)


def _model(seed):
    keras.utils.set_random_seed(seed)
    i = keras.Input((6,))
    h = layers.Dense(8, activation='relu')(i)
    return keras.Model(i, layers.Dense(3, activation='softmax')(h))


class _WeightedCount(keras.metrics.Metric):
    """The guide's CategoricalTruePositives, multiplying in the sample weights it is given."""

    def __init__(self, name='wcount', **kw):
        super().__init__(name=name, **kw)
        self.total = self.add_variable(shape=(), initializer='zeros', name='total')

    def update_state(self, y_true, y_pred, sample_weight=None):
        hits = ops.cast(ops.equal(ops.argmax(y_true, -1), ops.argmax(y_pred, -1)), 'float32')
        if sample_weight is not None:
            hits = hits * ops.reshape(ops.cast(sample_weight, 'float32'), ops.shape(hits))
        self.total.assign_add(ops.sum(hits))

    def result(self):
        return self.total

    def reset_state(self):
        self.total.assign(0.0)


def _focal(y_true, y_pred):
    y_pred = ops.clip(y_pred, 1e-7, 1 - 1e-7)
    return -ops.sum(y_true * (1 - y_pred) ** 2 * ops.log(y_pred), axis=-1)


@pytest.mark.parametrize('loss', ['categorical_crossentropy', 'sparse_categorical_crossentropy'])
def test_class_weight_with_one_hot_and_sparse_labels(loss):
    x, ys, yo = _data()
    model = _model(0)
    model.compile('adam', loss, metrics=['acc'], weighted_metrics=['acc'])
    history = model.fit(x, yo if loss.startswith('categorical') else ys, epochs=2, batch_size=32,
                        class_weight={0: 1.0, 1: 2.0, 2: 0.5}, verbose=0).history
    assert history['loss'] == pytest.approx([1.415235, 1.390757], abs=1e-6)
    assert history['acc'] == pytest.approx([0.34375, 0.354167], abs=1e-6)
    assert history['weighted_acc'] == pytest.approx([0.290598, 0.307692], abs=1e-6)


def test_custom_loss_and_metric_with_sample_weights_and_validation_freq():
    x, _, yo = _data()
    model = _model(1)
    model.compile(keras.optimizers.SGD(0.1, momentum=0.5), loss=_focal, metrics=[_WeightedCount()],
                  weighted_metrics=[_WeightedCount(name='wc2')])
    sw = np.linspace(0.5, 1.5, 64).astype('float32')
    history = model.fit(x[:64], yo[:64], sample_weight=sw,
                        validation_data=(x[64:], yo[64:], np.full(32, 2.0, 'float32')),
                        epochs=3, batch_size=16, verbose=0, validation_freq=2)
    h = history.history
    assert h['loss'] == pytest.approx([0.523577, 0.497392, 0.489739], abs=1e-6)
    assert h['wcount'] == [22.0, 9.0, 24.0]            # `metrics` ignore the sample weights
    assert h['wc2'] == pytest.approx([22.365078, 18.0, 24.619049], abs=1e-5)
    # validated only at epoch 2 (validation_freq=2): one value per key
    assert h['val_loss'] == pytest.approx([1.052467], abs=1e-6)
    assert h['val_wcount'] == [9.0] and h['val_wc2'] == [18.0]
    assert history.params == {'verbose': 0, 'epochs': 3, 'steps': 4}
    result = model.evaluate(x, yo, sample_weight=np.ones(96) * 3, verbose=0, return_dict=True)
    assert result == pytest.approx({'loss': 1.500871, 'wc2': 102.0, 'wcount': 34.0}, abs=1e-6)


def test_learning_rate_scheduler_from_initial_epoch_on_datasets(capsys):
    x, _, yo = _data()
    sw = np.linspace(0.5, 1.5, 64).astype('float32')
    train = tf.data.Dataset.from_tensor_slices((x[:64], yo[:64], sw)).batch(16)
    val = tf.data.Dataset.from_tensor_slices((x[64:], yo[64:])).batch(8)
    model = _model(2)
    model.compile(keras.optimizers.Adam(1e-2), keras.losses.CategoricalCrossentropy(label_smoothing=0.1),
                  metrics=['acc', keras.metrics.AUC(name='auc')])

    def schedule(epoch, lr):
        return lr if epoch < 1 else float(lr * ops.exp(-0.5))
    h = model.fit(train, validation_data=val, epochs=4, initial_epoch=1, verbose=0,
                  callbacks=[keras.callbacks.LearningRateScheduler(schedule, verbose=1),
                             keras.callbacks.TerminateOnNaN()])
    assert 'Epoch 2: LearningRateScheduler setting learning rate to 0.006065306719392538.' in capsys.readouterr().out
    assert h.epoch == [1, 2, 3]
    assert h.history['learning_rate'] == pytest.approx([0.006065, 0.003679, 0.002231], abs=1e-6)
    assert h.history['loss'] == pytest.approx([1.151747, 1.127908, 1.118268], abs=1e-6)
    assert h.history['auc'] == pytest.approx([0.426758, 0.444397, 0.448486], abs=1e-6)
    assert h.history['val_auc'] == pytest.approx([0.509033, 0.507568, 0.497314], abs=1e-6)
    assert float(model.optimizer.learning_rate) == 0.0022313017398118973
    assert int(model.optimizer.iterations) == 12


def test_steps_per_execution_reports_the_last_batch_of_each_execution():
    rs = np.random.RandomState(5)
    x = rs.rand(40, 4).astype('float32')
    y = x @ np.array([[1.], [-2.], [0.5], [3.]], 'float32') + 0.1
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((4,)), layers.Dense(5, activation='elu'), layers.Dense(1)])
    model.compile(keras.optimizers.SGD(0.05), 'mse', steps_per_execution=2)
    seen = []

    class Count(keras.callbacks.Callback):
        def on_train_batch_end(self, batch, logs=None):
            seen.append(batch)

        def on_test_batch_end(self, batch, logs=None):
            seen.append(('t', batch))
    h = model.fit(x, y, epochs=1, batch_size=8, verbose=0, validation_data=(x[:16], y[:16]), callbacks=[Count()])
    # 5 batches in executions of 2: Keras 3 reports batches 1, 3 and 5 (sic) and runs 5 steps
    assert seen == [1, 3, 5, ('t', 1)]
    assert int(model.optimizer.iterations) == 5
    assert h.history['loss'] == pytest.approx([1.276885], abs=1e-6)
    assert h.history['val_loss'] == pytest.approx([0.508634], abs=1e-6)
