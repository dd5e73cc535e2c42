"""The preset variance-scaling initializers (GlorotNormal ... LecunUniform and their snake_case aliases)
have Keras 3's signature (TF 2.21): (seed=None, input_axes=None, output_axes=None), no **kwargs, and
Python's own argument errors name the class. tapeflow's signature ended in **unknown."""
import inspect

import pytest

from framework import keras

NAMES = ['GlorotNormal', 'GlorotUniform', 'HeNormal', 'HeUniform', 'LecunNormal', 'LecunUniform',
         'glorot_normal', 'he_uniform', 'lecun_normal']


@pytest.mark.parametrize('name', NAMES)
def test_signature_and_errors(name):
    cls = getattr(keras.initializers, name)
    own = cls.__name__       # an alias names its class: glorot_normal is GlorotNormal
    assert str(inspect.signature(cls.__init__)) == '(self, seed=None, input_axes=None, output_axes=None)'
    # TF 2.21's texts
    with pytest.raises(TypeError, match=r"^%s.__init__\(\) got an unexpected keyword argument 'foo'$" % own):
        cls(foo=1)
    with pytest.raises(TypeError, match=r"^%s.__init__\(\) takes from 1 to 4 positional arguments but 5 were "
                                        r"given$" % own):
        cls(1, None, None, 4)
    with pytest.raises(TypeError, match=r"^%s.__init__\(\) got multiple values for argument 'seed'$" % own):
        cls(1, seed=2)
    assert cls(3, None, None).get_config() == {'seed': 3, 'input_axes': None, 'output_axes': None}
