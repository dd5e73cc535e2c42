"""A shape mismatch in the first op a fit / evaluate step names is TensorFlow's graph ValueError.

Keras 3 traces its train / test steps, so a custom loss ``y - p`` on labels that do not fit the
predictions is refused by TF's shape inference while the step is built: a ValueError 'Dimensions must
be equal ...' naming the node (a user's ``except ValueError`` catches it). tapeflow raised the eager
kernel's InvalidArgumentError when that op was the step's first named one (nothing named before it
entered the step's graph state). Expected texts: TF 2.21 / Keras 3.15 (progs/kerasguides27/n9, n10).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _model():
    keras.backend.clear_session()
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])


def _sub_text(scope):
    return ("Dimensions must be equal, but are 3 and 2 for '{{node %s/sub}} = Sub[T=DT_FLOAT](data_1, "
            "sequential_1/dense_1/BiasAdd)' with input shapes: [?,3], [?,2]." % scope)


def bad_loss(y, p):
    return tf.reduce_mean(tf.square(y - p))


def test_a_custom_loss_function_in_fit_and_evaluate():
    model = _model()
    model.compile('sgd', bad_loss)
    with pytest.raises(ValueError) as fit_error:
        model.fit(np.ones((4, 3)), np.ones((4, 3)), verbose=0)
    assert str(fit_error.value) == _sub_text('compile_loss/bad_loss')
    with pytest.raises(ValueError) as evaluate_error:
        model.evaluate(np.ones((4, 3)), np.ones((4, 3)), verbose=0)
    assert str(evaluate_error.value) == _sub_text('compile_loss/bad_loss')


def test_a_keras_ops_loss_and_a_loss_subclass():
    def loss3(y, p):
        return keras.ops.mean(keras.ops.square(y - p))

    class L(keras.losses.Loss):
        def call(self, y, p):
            return tf.square(y - p)

    model = _model()
    model.compile('sgd', loss3)
    with pytest.raises(ValueError) as error:
        model.fit(np.ones((4, 3)), np.ones((4, 3)), verbose=0)
    assert str(error.value) == _sub_text('compile_loss/loss3')
    model.compile('sgd', L())
    with pytest.raises(ValueError) as error:
        model.fit(np.ones((4, 3)), np.ones((4, 3)), verbose=0)
    assert str(error.value) == _sub_text('compile_loss/l')


def test_operands_in_the_order_the_loss_gives_them():
    def loss2(y, p):
        return tf.reduce_mean(tf.abs(p * y), axis=-1)

    model = _model()
    model.compile('sgd', loss2)
    with pytest.raises(ValueError) as error:
        model.fit(np.ones((4, 3)), np.ones((4, 3)), verbose=0)
    assert str(error.value) == ("Dimensions must be equal, but are 2 and 3 for '{{node compile_loss/loss2/mul}} = "
                                "Mul[T=DT_FLOAT](sequential_1/dense_1/BiasAdd, data_1)' with input shapes: "
                                "[?,2], [?,3].")


def test_the_custom_train_step_guides_hand_written_loss():
    class CustomModel(keras.Model):
        def train_step(self, data):
            x, y = data
            with tf.GradientTape() as tape:
                y_pred = self(x, training=True)
                loss = tf.reduce_mean(tf.square(y - y_pred))
            grads = tape.gradient(loss, self.trainable_variables)
            self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
            return {'loss': loss}

    keras.backend.clear_session()
    inputs = keras.Input((3,))
    model = CustomModel(inputs, keras.layers.Dense(2)(inputs))
    model.compile('sgd')
    with pytest.raises(ValueError) as error:
        model.fit(np.ones((4, 3)), np.ones((4, 3)), verbose=0)
    assert str(error.value) == ("Dimensions must be equal, but are 3 and 2 for '{{node sub}} = Sub[T=DT_FLOAT]"
                                "(data_1, custom_model_1/dense_1/BiasAdd)' with input shapes: [?,3], [?,2].")
