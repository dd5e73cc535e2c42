"""``print(model.metrics)`` after compile reads as on TF 2.21 / Keras 3 (tapeflow printed
``<layers.training.compile_metrics.CompiledMetrics object at 0x...>`` for the compiled metrics).
Golden: /work/notes/progs/kguides_training/mrepr.py run under TF.
"""
import numpy as np

from framework import keras


def test_compiled_metrics_print_as_keras_compile_metrics():
    keras.backend.clear_session()       # the AUC's auto name is 'auc' only in a fresh session
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile('sgd', 'mse', metrics=['mae', keras.metrics.AUC()])
    assert str(model.metrics) == '[<Mean name=loss>, <CompileMetrics name=compile_metrics>]'
    model.fit(np.ones((4, 3)), np.ones((4, 2)), verbose=0)
    assert str(model.metrics) == '[<Mean name=loss>, <CompileMetrics name=compile_metrics>]'
    assert str(model.metrics[1].metrics) == '[<MeanAbsoluteError name=mae>, <AUC name=auc>]'
    assert type(model.metrics[1]).__name__ == 'CompileMetrics'
