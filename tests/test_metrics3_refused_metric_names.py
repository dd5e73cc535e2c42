"""Which refused 'rate at rate' metrics have taken their auto name, as in Keras 3.15 / TF 2.21.

Keras checks the constrained value before Metric.__init__ (which takes the auto name) and num_thresholds
after it, so only a refused num_thresholds moves the numbering on: in TF the metric made after
[ok, bad value, bad num_thresholds 0 / 2.5 / 'a', bad value 'a'] is 'sensitivity_at_specificity_4'.
"""
import pytest

from framework import keras, metrics


@pytest.mark.parametrize('cls', ['SensitivityAtSpecificity', 'SpecificityAtSensitivity', 'PrecisionAtRecall',
                                 'RecallAtPrecision'])
def test_a_refused_num_thresholds_has_taken_the_auto_name(cls):
    keras.backend.clear_session()
    make = getattr(metrics, cls)
    first = make(0.5).name
    with pytest.raises(ValueError):
        make(1.5)
    with pytest.raises(ValueError, match='Argument `num_thresholds` must be an integer > 0. Received: num_thresholds=0'):
        make(0.5, num_thresholds=0)
    with pytest.raises(TypeError, match="'float' object cannot be interpreted as an integer"):
        make(0.5, num_thresholds=2.5)
    with pytest.raises(TypeError, match="'<=' not supported between instances of 'str' and 'int'"):
        make(0.5, num_thresholds='a')
    with pytest.raises(TypeError, match="'<' not supported between instances of 'str' and 'int'"):
        make('a')
    assert make(0.5).name == first + '_4'
    keras.backend.clear_session()
