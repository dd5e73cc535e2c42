"""tf.quantization.fake_quant_* of a tensor that is not float32 inside a tf.function: TF 2.21's op_def_library
TypeError "Input 'inputs' of 'FakeQuantWithMinMaxArgs' Op has type float64 that does not match expected type of
float32." (the FakeQuant ops fix their inputs to float32), naming 'min' / 'max' / 'gradients' where those are the
odd ones; tapeflow raised the eager conversion's ValueError 'Tensor conversion requested dtype float32 for Tensor
with dtype float64: ...' there. Eagerly that ValueError stays, as TF's. Texts: notes/progs/kerasops10/fq.py."""
import pytest

import framework as tf
from helpers_error_texts import raised_in_trace

Q = tf.quantization


def _caught(fn, dtype, shape=(2, 4)):
    return raised_in_trace(fn, dtype, shape)


@pytest.mark.parametrize('dtype', ['float64', 'int32', 'float16'])
@pytest.mark.parametrize('fn, kernel', [
    (lambda x: Q.fake_quant_with_min_max_args(x), 'FakeQuantWithMinMaxArgs'),
    (lambda x: Q.fake_quant_with_min_max_vars(x, -1., 1.), 'FakeQuantWithMinMaxVars'),
    (lambda x: Q.fake_quant_with_min_max_vars_per_channel(x, [-1.] * 4, [1.] * 4), 'FakeQuantWithMinMaxVarsPerChannel'),
])
def test_traced_inputs_of_another_dtype(fn, kernel, dtype):
    # TF 2.21 (fq_tf.out): "Input 'inputs' of '<kernel>' Op has type <dtype> that does not match expected type of
    # float32."
    error = _caught(fn, dtype)
    assert type(error) is TypeError
    assert str(error) == "Input 'inputs' of '%s' Op has type %s that does not match expected type of float32." % (
        kernel, dtype)


@pytest.mark.parametrize('fn, shape, argument, kernel', [
    (lambda x: Q.fake_quant_with_min_max_vars(tf.ones((2, 4)), x, 1.), (), 'min', 'FakeQuantWithMinMaxVars'),
    (lambda x: Q.fake_quant_with_min_max_vars(tf.ones((2, 4)), -1., x), (), 'max', 'FakeQuantWithMinMaxVars'),
    (lambda x: Q.fake_quant_with_min_max_args_gradient(x, tf.ones((2, 4))), (2, 4), 'gradients',
     'FakeQuantWithMinMaxArgsGradient'),
    (lambda x: Q.fake_quant_with_min_max_args_gradient(tf.ones((2, 4)), x), (2, 4), 'inputs',
     'FakeQuantWithMinMaxArgsGradient'),
    (lambda x: Q.fake_quant_with_min_max_args_gradient(x, x), (2, 4), 'gradients', 'FakeQuantWithMinMaxArgsGradient'),
])
def test_traced_other_arguments(fn, shape, argument, kernel):
    error = _caught(fn, 'float64', shape)
    assert type(error) is TypeError
    assert str(error) == ("Input '%s' of '%s' Op has type float64 that does not match expected type of float32."
                          % (argument, kernel))


def test_eager_conversion_error_stays():
    # TF 2.21 eagerly: ValueError 'Tensor conversion requested dtype float32 for Tensor with dtype float64: ...'
    with pytest.raises(ValueError, match='Tensor conversion requested dtype float32 for Tensor with dtype float64'):
        Q.fake_quant_with_min_max_args(tf.constant([1.], tf.float64))
