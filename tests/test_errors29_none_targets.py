"""y=[y_a, None] for a model whose second output has no loss (compile(loss=['mse', None])): Keras 3 takes
None as the missing target and trains on the first output (warning that the second's variables get no
gradient); tapeflow refused the list ('Unrecognized data type'). Values from TF 2.21 (probe
notes/progs/errors29 p_ynone.py, j11)."""
import numpy as np
import pytest

from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')
layers = keras.layers
X = np.arange(24, dtype='float32').reshape(8, 3) / 10
Y1 = np.arange(8, dtype='float32').reshape(8, 1) / 4


def _model(loss, metrics=None):
    keras.backend.clear_session()
    keras.utils.set_random_seed(3)
    inputs = keras.Input((3,))
    model = keras.Model(inputs, [layers.Dense(1, name='o1')(inputs), layers.Dense(2, name='o2')(inputs)])
    model.compile('sgd', loss, metrics=metrics)
    return model


def test_fit_and_evaluate_with_a_none_target_for_the_output_without_loss():
    model = _model(['mse', None])
    with pytest.warns(UserWarning, match=r"Gradients do not exist for variables \['o2/kernel', 'o2/bias'\]"):
        history = model.fit(X, [Y1, None], epochs=2, batch_size=4, verbose=0)
    assert history.history == {'loss': [2.1361424922943115, 1.2702640295028687]}
    assert model.evaluate(X, [Y1, None], verbose=0) == 0.8265113234519958
    assert model.get_layer('o1').kernel.numpy().ravel().tolist() == [
        0.12415658682584763, -1.0482721328735352, 0.9278115034103394]


def test_validation_split_and_sample_weight_with_a_none_target():
    history = _model(['mse', None]).fit(X, [Y1, None], epochs=1, batch_size=4, validation_split=0.25, verbose=0)
    assert history.history == {'loss': [1.1560508012771606], 'val_loss': [4.477358341217041]}
    history = _model(['mse', None]).fit(X, [Y1, None], sample_weight=[np.arange(8.0), None], epochs=1,
                                        batch_size=4, verbose=0)
    assert history.history == {'loss': [10.6222562789917]}


def test_train_on_batch_with_the_first_target_none():
    assert _model([None, 'mse']).train_on_batch(X, [None, np.ones((8, 2))]) == 3.008453130722046


@pytest.mark.parametrize('loss, metrics', [(['mse', 'mse'], None), (['mse', None], [['mae'], ['mae']])])
def test_a_none_target_under_a_loss_or_metric_is_tf_none_values_error(loss, metrics):
    with pytest.raises(ValueError) as caught:
        _model(loss, metrics).fit(X, [Y1, None], epochs=1, batch_size=4, verbose=0)
    assert str(caught.value) == 'None values not supported.'


def test_accuracy_on_a_none_target_reads_its_shape():
    # Keras 3 picks the accuracy by y_true's shape: Python's AttributeError for None
    with pytest.raises(AttributeError) as caught:
        _model(['mse', None], [['mae'], ['accuracy']]).fit(X, [Y1, None], epochs=1, batch_size=4, verbose=0)
    assert str(caught.value) == "'NoneType' object has no attribute 'shape'"


def test_class_weight_with_a_none_target_is_keras_single_output_error():
    with pytest.raises(ValueError) as caught:
        _model(['mse', None]).fit(X, [Y1, None], class_weight={0: 1.0}, verbose=0)
    assert str(caught.value) == '`class_weight` is only supported for Models with a single output.'
