"""errors23: a compiled metric that fails in Python on the first (traced) train step changes nothing, as on
TF 2.21 + Keras 3.15, which traces the whole step before running any of it
(/work/notes/progs/errors23/p_metric_order.py, p_metric_order_tf.txt): bias [0.0, 0.0], iterations 0 after
fit / train_on_batch raise 'Could not interpret metric identifier: acuracy', 'Expected metric, received `None`',
'<lambda>() takes 1 positional argument but 2 were given' or a metric function's own ZeroDivisionError.
tapeflow updated the metrics after the optimizer step (bias [0.01594, 0.01403], iterations 1). With
run_eagerly=True TF runs Keras's order, so the step is applied before the metric fails, as here."""
import numpy as np
import pytest

from framework import keras

X = np.ones((8, 3), 'float32')
Y = np.ones((8, 2), 'float32')
STEPPED_BIAS = [0.01594, 0.01403]       # TF 2.21's bias after one SGD step (run_eagerly=True)

CASES = [
    ({'metrics': ['acuracy']}, ValueError, 'Could not interpret metric identifier: acuracy'),
    ({'metrics': [None]}, ValueError, 'Expected metric, received `None`'),
    ({'metrics': [lambda a: a]}, TypeError, '<lambda>() takes 1 positional argument but 2 were given'),
    ({'weighted_metrics': ['acuracy']}, ValueError, 'Could not interpret metric identifier: acuracy'),
    ({'metrics': [lambda a, b: 1 / 0]}, ZeroDivisionError, 'division by zero'),
]
IDS = ['unknown name', 'None', 'one-argument function', 'unknown weighted name', 'function raising']


def _model(run_eagerly, **metrics):
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile('sgd', 'mse', run_eagerly=run_eagerly, **metrics)
    return model


@pytest.mark.parametrize('how', ['fit', 'train_on_batch'])
@pytest.mark.parametrize('metrics, error, text', CASES, ids=IDS)
def test_traced_step_with_a_failing_metric_changes_nothing(how, metrics, error, text):
    model = _model(False, **metrics)
    with pytest.raises(error) as caught:
        model.fit(X, Y, verbose=0) if how == 'fit' else model.train_on_batch(X, Y)
    assert type(caught.value) is error and str(caught.value) == text
    assert model.get_weights()[1].tolist() == [0.0, 0.0]
    assert int(model.optimizer.iterations) == 0


@pytest.mark.parametrize('how', ['fit', 'train_on_batch'])
@pytest.mark.parametrize('metrics, error, text', CASES[:2], ids=IDS[:2])
def test_eager_step_applies_before_the_metric_fails(how, metrics, error, text):
    model = _model(True, **metrics)
    with pytest.raises(error, match=text):
        model.fit(X, Y, verbose=0) if how == 'fit' else model.train_on_batch(X, Y)
    np.testing.assert_allclose(model.get_weights()[1], STEPPED_BIAS, atol=1e-5)
    assert int(model.optimizer.iterations) == 1


def test_first_step_logs_are_unchanged_by_the_order():
    # the metrics read y_pred only, so the traced first step logs what TF 2.21 logs (p_first_logs_tf.txt),
    # traced or eager
    for run_eagerly in (False, True):
        history = _model(run_eagerly, metrics=['mae']).fit(X, Y, epochs=2, batch_size=4, verbose=0).history
        assert history['loss'] == [2.1663787364959717, 1.8400063514709473]
        assert history['mae'] == [1.4685779809951782, 1.3534414768218994]


def test_a_users_compute_metrics_reads_the_step_after_its_update():
    # TF 2.21 (p_cm_override.py): the trace reads optimizer.iterations after the update, also on the first
    # step ('it' [1.0, 2.0]); updating the metrics first for every model gave [0.0, 2.0]
    class Logged(keras.Sequential):
        def compute_metrics(self, x, y, y_pred, sample_weight=None):
            logs = dict(super().compute_metrics(x, y, y_pred, sample_weight))
            logs['it'] = self.optimizer.iterations + 0
            return logs

    keras.utils.set_random_seed(1)
    model = Logged([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile('sgd', 'mse')
    history = model.fit(X, Y, batch_size=8, epochs=2, verbose=0).history
    assert [float(v) for v in history['it']] == [1.0, 2.0]
    assert history['loss'] == [2.254765510559082, 2.0779919624328613]
