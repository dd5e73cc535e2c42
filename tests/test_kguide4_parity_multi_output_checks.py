"""A two-output model's compile/fit mistakes raise Keras 3's ValueError texts, in Keras's order.

From the guide "Training & evaluation with the built-in methods" (two inputs, a score and a class
output): a loss dict naming only one output fails in Keras's build with 'Expected keys ... in loss
dict', before the targets are looked at (tapeflow used to complain about y's structure first), and
class_weight with two outputs is Keras's "only supported for Models with a single output".
Goldens: /work/notes/progs/kguides4/p1.py run under TF 2.21 / Keras 3.
"""
import numpy as np
import pytest

from framework import keras


def two_output_model():
    keras.utils.set_random_seed(1)
    image_input = keras.Input(shape=(8,), name='img_input')
    timeseries_input = keras.Input(shape=(5, 3), name='ts_input')
    x1 = keras.layers.Dense(6, activation='relu')(image_input)
    x2 = keras.layers.GlobalMaxPooling1D()(timeseries_input)
    x = keras.layers.concatenate([x1, x2])
    score_output = keras.layers.Dense(1, name='score_output')(x)
    class_output = keras.layers.Dense(4, name='class_output')(x)
    return keras.Model(inputs=[image_input, timeseries_input], outputs=[score_output, class_output])


def data():
    rng = np.random.RandomState(0)
    x = [rng.random_sample((20, 8)).astype('float32'), rng.random_sample((20, 5, 3)).astype('float32')]
    y = [rng.random_sample((20, 1)).astype('float32'), keras.utils.to_categorical(rng.randint(0, 4, 20), 4)]
    return x, y


@pytest.mark.parametrize('targets', ['dict of the one output', 'list of both'])
def test_a_loss_dict_missing_an_output_is_keras_key_error_before_the_targets_are_read(targets):
    model = two_output_model()
    model.compile(optimizer='sgd', loss={'class_output': keras.losses.CategoricalCrossentropy(from_logits=True)})
    x, y = data()
    y = {'class_output': y[1]} if targets == 'dict of the one output' else y
    # TF 2.21: ValueError: Expected keys ['score_output', 'class_output'] in loss dict, but found
    # loss.keys()=['class_output']
    with pytest.raises(ValueError) as info:
        model.fit(x, y, batch_size=10, epochs=1, verbose=0)
    assert str(info.value) == ("Expected keys ['score_output', 'class_output'] in loss dict, but found "
                               "loss.keys()=['class_output']")


def test_class_weight_with_two_outputs_is_keras_single_output_error():
    model = two_output_model()
    model.compile(optimizer='sgd', loss=['mse', keras.losses.CategoricalCrossentropy(from_logits=True)])
    x, y = data()
    # TF 2.21: ValueError: `class_weight` is only supported for Models with a single output.
    with pytest.raises(ValueError) as info:
        model.fit(x, y, class_weight={0: 1.0, 1: 2.0}, epochs=1, verbose=0)
    assert str(info.value) == '`class_weight` is only supported for Models with a single output.'


def test_class_weight_and_sample_weight_together_is_keras_error():
    model = two_output_model()
    model.compile(optimizer='sgd', loss=['mse', keras.losses.CategoricalCrossentropy(from_logits=True)])
    x, y = data()
    # TF 2.21: ValueError: You cannot `class_weight` and `sample_weight` at the same time.
    with pytest.raises(ValueError, match=r'^You cannot `class_weight` and `sample_weight` at the same time'):
        model.fit(x, y, class_weight={0: 1.0}, sample_weight=np.ones(20, 'float32'), epochs=1, verbose=0)
