"""AUC's ``curve`` and ``summation_method`` attributes are Keras 3's enums, as TF 2.21 prints them.

Printed by TF 2.21 (notes progs/metrics6/api1.py):

    repr(keras.metrics.AUC().curve)                                -> "<AUCCurve.ROC: 'ROC'>"
    keras.metrics.AUC(curve='pr').curve                             -> <AUCCurve.PR: 'PR'> (not == 'PR')
    str(keras.metrics.AUC(summation_method='minoring').summation_method) -> 'AUCSummationMethod.MINORING'
    keras.metrics.AUC(curve='PR').get_config()['curve']             -> 'PR' (the value)
"""
import numpy as np

from framework import keras


def test_attributes_print_as_keras_enums():
    assert repr(keras.metrics.AUC().curve) == "<AUCCurve.ROC: 'ROC'>"
    assert repr(keras.metrics.AUC(curve='pr').curve) == "<AUCCurve.PR: 'PR'>"
    assert keras.metrics.AUC(curve='PR').curve != 'PR'
    assert keras.metrics.AUC(curve='PRGAIN').curve.value == 'PRGAIN'
    assert str(keras.metrics.AUC(summation_method='minoring').summation_method) == 'AUCSummationMethod.MINORING'
    assert repr(keras.metrics.AUC().summation_method) == "<AUCSummationMethod.INTERPOLATION: 'interpolation'>"


def test_config_keeps_the_strings_and_round_trips():
    metric = keras.metrics.AUC(curve='pr', summation_method='Majoring', num_thresholds=7)
    config = metric.get_config()
    assert (config['curve'], config['summation_method']) == ('PR', 'majoring')
    again = keras.metrics.AUC.from_config(config)
    assert again.curve is metric.curve and again.summation_method is metric.summation_method
    # an enum member given back to the constructor is taken by its value, as Keras's
    assert keras.metrics.AUC(curve=metric.curve).curve is metric.curve


def test_each_curve_and_summation_still_computes():
    y = np.array([[0.0], [1.0], [1.0], [0.0], [1.0]], np.float32)
    p = np.array([[0.1], [0.8], [0.4], [0.35], [0.9]], np.float32)
    areas = {}
    for curve in ('ROC', 'PR'):
        for summation in ('interpolation', 'minoring', 'majoring'):
            metric = keras.metrics.AUC(num_thresholds=5, curve=curve, summation_method=summation)
            metric.update_state(y, p)
            areas[curve, summation] = float(metric.result())
    assert areas == {       # TF 2.21 (progs/metrics6/aucsum.py)
        ('ROC', 'interpolation'): 0.9166666865348816, ('ROC', 'minoring'): 0.8333333730697632,
        ('ROC', 'majoring'): 1.0, ('PR', 'interpolation'): 0.9488579034805298,
        ('PR', 'minoring'): 0.2499999850988388, ('PR', 'majoring'): 1.0}
