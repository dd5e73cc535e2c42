"""keras.losses.deserialize as Keras 3.15 runs it in TF 2.21 (Hands-On ML ch. 12's custom losses): a bare
name is deserialized too -- a custom object (given, in a custom_object_scope, or registered) comes back
as it is, a loss function as it is, a loss class as a fresh instance, an unknown name unchanged -- and
a config dict of a custom Loss class is found through an enclosing custom_object_scope. tapeflow
refused every string ("expected a dict with 'class_name' and 'config'") and looked dict classes up in
its own table and the given custom_objects only. Values: TF 2.21, notes/progs/handson/deser.py.
"""
from framework import keras


def huber_fn(y_true, y_pred):
    return y_true - y_pred


class MyLoss(keras.losses.Loss):
    def call(self, y_true, y_pred):
        return y_true - y_pred


def test_bare_names_deserialize_as_keras():
    losses = keras.losses
    assert losses.deserialize('mean_squared_error').__name__ == 'mean_squared_error'
    mse = losses.deserialize('MeanSquaredError')
    assert (type(mse).__name__, mse.name) == ('MeanSquaredError', 'mean_squared_error')
    assert losses.deserialize('Huber').name == 'huber_loss'
    assert losses.deserialize('nope') == 'nope'          # TF 2.21: the string comes back
    assert losses.deserialize('huber_fn', custom_objects={'huber_fn': huber_fn}) is huber_fn
    assert losses.deserialize('MyLoss', custom_objects={'MyLoss': MyLoss}) is MyLoss


def test_custom_object_scope_reaches_loss_deserialize():
    with keras.utils.custom_object_scope({'huber_fn': huber_fn, 'MyLoss': MyLoss}):
        assert keras.losses.deserialize('huber_fn') is huber_fn
        assert keras.losses.deserialize('MyLoss') is MyLoss
        loss = keras.losses.deserialize({'class_name': 'MyLoss', 'config': {}})
        assert (type(loss).__name__, loss.name) == ('MyLoss', 'my_loss')
