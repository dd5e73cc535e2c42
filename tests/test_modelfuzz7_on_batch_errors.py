"""train_on_batch / test_on_batch argument errors in TF 2.21's words.

Goldens printed by TF 2.21 + Keras 3 (/work/notes/progs/modelfuzz7/p16.py, t8.py): a
Sequential([Input((3,)), Dense(1)]) compiled with 'sgd' and 'mse', 12 samples.
"""
import numpy as np
import pytest

from framework import keras

X = np.linspace(0, 1, 36, dtype='float32').reshape(12, 3)
Y = np.linspace(1, 0, 12, dtype='float32').reshape(12, 1)


@pytest.fixture
def model():
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    yield model
    keras.backend.clear_session()


def test_sample_weight_and_class_weight_together(model):
    with pytest.raises(ValueError) as caught:
        model.train_on_batch(X, Y, sample_weight=np.ones(12), class_weight={0: 1.})
    assert str(caught.value) == ('Arguments `sample_weight` and `class_weight` cannot be specified at the same time. '
                                 'Received: sample_weight=[1. 1. 1. 1. 1. 1. 1. 1. 1. 1. 1. 1.], class_weight={0: 1.0}')


@pytest.mark.parametrize('method', ['train_on_batch', 'test_on_batch'])
def test_sample_weights_of_another_length_fail_in_the_trace(model, method):
    # the step is traced on the batch's own shapes: the graph's shape inference refuses the Mul
    with pytest.raises(ValueError) as caught:
        getattr(model, method)(X, Y, sample_weight=np.ones(5, 'float32'))
    assert str(caught.value) == ("Dimensions must be equal, but are 12 and 5 for '{{node compile_loss/mse/mul}} = "
                                 "Mul[T=DT_FLOAT](compile_loss/mse/Mean, data_2)' with input shapes: [12], [5].")


def test_integer_sample_weights_of_another_length_name_their_cast(model):
    with pytest.raises(ValueError) as caught:
        model.train_on_batch(X, Y, sample_weight=np.ones(5, 'int32'))
    assert str(caught.value) == ("Dimensions must be equal, but are 12 and 5 for '{{node compile_loss/mse/mul}} = "
                                 "Mul[T=DT_FLOAT](compile_loss/mse/Mean, compile_loss/mse/Cast)' with input shapes: "
                                 "[12], [5].")
