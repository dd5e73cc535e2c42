"""A gradient of another dtype than its accumulator's, with gradient_accumulation_steps: Keras 3's
ops.cond wraps the AddV2 error as its Cond operation does, ending in the 'Arguments received by
Cond.call():' section. Here LossScaleOptimizer's float32 unscaled gradient meets Lion's float16
accumulator. Expected text printed by TF 2.21 / Keras 3 (progs optimtraj16/p3_lionacc.py, p4_lionacc_fn.py):

    v = keras.Variable(np.ones((2,), 'float16'), name='v')
    opt = keras.mixed_precision.LossScaleOptimizer(keras.optimizers.Lion(0.003, gradient_accumulation_steps=2))
    opt.apply_gradients([(tf.constant([1.0, 2.0], 'float16'), v)])     # eagerly, then in a tf.function
    print(type(e).__name__); print(str(e))

(the branch lambdas' addresses vary from run to run; they are matched as hex digits below).
"""
import re

import numpy as np
import pytest

import framework as tf
from framework import keras

ARGUMENTS = ("Arguments received by Cond.call():\n"
             "  \u2022 args=('tf.Tensor(shape=(), dtype=bool)', "
             "'<function BaseOptimizer._backend_apply_gradients.<locals>.<lambda> at 0xADDRESS>', "
             "'<function BaseOptimizer._backend_apply_gradients.<locals>.<lambda> at 0xADDRESS>')\n"
             "  \u2022 kwargs=<class 'inspect._empty'>")
EAGER = ("Exception encountered when calling Cond.call().\n\n\x1b[1mcannot compute AddV2 as input #1(zero-based) "
         "was expected to be a half tensor but is a float tensor [Op:AddV2] name: \x1b[0m\n\n" + ARGUMENTS)


def _pattern(text):
    return re.escape(text).replace('ADDRESS', '[0-9a-f]+')


def _lion_behind_loss_scaling():
    keras.backend.clear_session()       # (the optimizers' auto names are pinned below)
    v = keras.Variable(np.ones((2,), 'float16'), name='v')
    return v, keras.mixed_precision.LossScaleOptimizer(keras.optimizers.Lion(0.003, gradient_accumulation_steps=2))


def test_eager_accumulation_dtype_error_lists_conds_arguments():
    v, opt = _lion_behind_loss_scaling()
    for _ in range(2):      # the step is refused each time, nothing changes
        with pytest.raises(tf.errors.InvalidArgumentError) as caught:
            opt.apply_gradients([(tf.constant([1.0, 2.0], 'float16'), v)])
        assert re.fullmatch(_pattern(EAGER), str(caught.value)), str(caught.value)
        np.testing.assert_array_equal(v.numpy(), np.ones((2,), 'float16'))
        assert int(opt.iterations) == 0 and int(opt.inner_optimizer.iterations) == 0
    assert [x.path for x in opt.variables][-2:] == ['loss_scale_optimizer/lion/v_gradient_accumulator',
                                                    'loss_scale_optimizer/lion/v_momentum']


def test_traced_accumulation_dtype_error_lists_conds_arguments():
    v = keras.Variable(np.ones((2,), 'float16'), name='v')
    opt = keras.optimizers.Lion(0.003, gradient_accumulation_steps=2)

    @tf.function
    def step():
        opt.apply_gradients([(tf.constant([1.0, 2.0], 'float32'), v)])

    with pytest.raises(TypeError) as caught:
        step()
    text = str(caught.value)
    expected = ("TypeError: Exception encountered when calling Cond.call().\n    \n    \x1b[1mInput 'y' of 'AddV2' Op "
                "has type float32 that does not match type float16 of argument 'x'.\x1b[0m\n    \n    "
                + ARGUMENTS.replace('\n', '\n    ') + "\n")
    assert re.search(_pattern(expected) + r'\Z', text), text
