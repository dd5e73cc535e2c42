"""Keras 3 on TF 2.21 defines the steps and the Keras 2 shims in its TensorFlowTrainer, which is what printing
them shows (printed by TF 2.21: '<bound method TensorFlowTrainer.compiled_loss of <Sequential name=sequential,
built=True>>', '<keras.src.backend.tensorflow.trainer.TensorFlowTrainer.compiled_metrics.<locals>.
DeprecatedCompiledMetric object at 0x...>')."""
from framework import keras


def test_printed_trainer_methods_name_tensorflow_trainer():
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse', metrics=['mae'])
    for name in ('compiled_loss', 'train_step', 'test_step', 'predict_step', 'fit'):
        assert str(getattr(model, name)) == ('<bound method TensorFlowTrainer.%s of <Sequential name=sequential, '
                                             'built=True>>' % name)
    assert str(model.compiled_metrics).startswith(
        '<keras.src.backend.tensorflow.trainer.TensorFlowTrainer.compiled_metrics.<locals>.DeprecatedCompiledMetric '
        'object at 0x')
    assert str(model.compute_loss).startswith('<bound method Trainer.compute_loss of')
