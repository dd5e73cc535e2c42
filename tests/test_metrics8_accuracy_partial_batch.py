"""compile(metrics=['accuracy']) / loss='crossentropy' resolved in a traced fit step on a partial last batch.

Keras 3 (TF 2.21) builds the compiled metrics while tracing its step on the dataset's spec, whose batch axis is
None when the sample count is not a multiple of batch_size. Its is_binary_or_sparse_categorical then compares
y_pred.shape[-1] (None for rank-1 predictions) with 1: labels shaped (N, 1) make that its TypeError, raised by fit
and evaluate before any weight changes. Values printed by TF 2.21 with /work/notes/progs/metrics8/a1.py, a3.py
(Sequential([Input((3,)), Dense(1, 'sigmoid'), Reshape(())]), 'sgd', 'binary_crossentropy', metrics=['accuracy']).
"""
import numpy as np
import pytest

from framework import keras

TF_ERROR = "'>' not supported between instances of 'NoneType' and 'int'"


def _data():
    rng = np.random.RandomState(0)
    x = rng.rand(6, 3).astype('float32')
    y = (rng.rand(6) > .5).astype('float32')
    return x, y


def _model(loss='binary_crossentropy', metrics=('accuracy',), run_eagerly=False):
    keras.backend.clear_session()
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, activation='sigmoid'),
                              keras.layers.Reshape(())])
    model.compile('sgd', loss, metrics=list(metrics), run_eagerly=run_eagerly)
    return model


def test_rank1_predictions_and_n1_labels_on_a_partial_batch_raise_tf_type_error_before_training():
    x, y = _data()
    model = _model()
    before = model.get_weights()[0].copy()
    with pytest.raises(TypeError) as info:
        model.fit(x, y.reshape(-1, 1), epochs=1, batch_size=4, verbose=0)
    assert str(info.value) == TF_ERROR
    np.testing.assert_array_equal(model.get_weights()[0], before)      # TF's trace fails before the step runs
    assert int(model.optimizer.iterations.numpy()) == 0
    with pytest.raises(TypeError, match="NoneType"):
        model.evaluate(x, y.reshape(-1, 1), batch_size=4, verbose=0)


def test_crossentropy_loss_name_meets_the_same_type_error():
    x, y = _data()
    model = _model(loss='crossentropy', metrics=('mae',))
    with pytest.raises(TypeError) as info:
        model.fit(x, y.reshape(-1, 1), epochs=1, batch_size=4, verbose=0)
    assert str(info.value) == TF_ERROR


@pytest.mark.parametrize('run_eagerly, batch_size, label_shape, accuracy', [
    (True, 4, (-1, 1), 0.8333333134651184),     # eager steps see the concrete batch: sparse categorical accuracy
    (False, 1, (-1, 1), 0.8333333134651184),    # no partial batch: the trace's batch axis is 1
    (False, 4, (-1,), 0.5),                     # (N,) labels: categorical accuracy, no comparison with None
])
def test_accuracy_where_tf_resolves_it(run_eagerly, batch_size, label_shape, accuracy):
    x, y = _data()
    model = _model(run_eagerly=run_eagerly)
    history = model.fit(x, y.reshape(label_shape), epochs=1, batch_size=batch_size, verbose=0)
    assert history.history['accuracy'] == [pytest.approx(accuracy, abs=1e-7)]
