"""TF 1's learning-rate decays (``tf.compat.v1.train.exponential_decay`` and the others), run eagerly.

Eagerly, TF 2.21 returns ``functools.partial(schedule, global_step)``: a function of no arguments
that reads the global step each time it is called, which TF 1's optimizers call for their learning
rate (``GradientDescentOptimizer(exponential_decay(0.1, global_step, 100, 0.96))``). The schedules
are the Keras ones of the same names (optim/schedules), whose formulas TF's legacy decays share;
``natural_exp_decay`` is an exponential decay by exp(-decay_rate) (a float32 exp, as TF's), and
``linear_cosine_decay`` TF 1's own formula (below). The optim package is imported on first call:
the core never imports it at import time.
"""
import functools
import math

import numpy as np

from ..tensor import Tensor


def _schedules():
    from optim import schedules
    return schedules


def exponential_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False, name=None):
    """learning_rate * decay_rate ** (global_step / decay_steps), floored exponent if ``staircase``."""
    schedule = _schedules().ExponentialDecay(learning_rate, decay_steps, decay_rate, staircase=staircase)
    return functools.partial(schedule, global_step)


def piecewise_constant(x, boundaries, values, name=None):
    """values[i] while x is within the i-th interval of ``boundaries``."""
    if len(boundaries) != len(values) - 1:
        raise ValueError('The length of boundaries should be 1 less than the length of values')
    schedule = _schedules().PiecewiseConstantDecay(boundaries, values)
    return functools.partial(schedule, x)


piecewise_constant_decay = piecewise_constant


def polynomial_decay(learning_rate, global_step, decay_steps, end_learning_rate=0.0001, power=1.0, cycle=False,
                     name=None):
    """(learning_rate - end) * (1 - step / decay_steps) ** power + end (``cycle``: decay_steps grows)."""
    schedule = _schedules().PolynomialDecay(learning_rate, decay_steps, end_learning_rate=end_learning_rate,
                                            power=power, cycle=cycle)
    return functools.partial(schedule, global_step)


def natural_exp_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False, name=None):
    """learning_rate * exp(-decay_rate * global_step / decay_steps): TF 1 makes it an exponential decay
    whose rate is the float32 exp(-decay_rate)."""
    from ..ops.unary import exp
    natural_rate = exp(Tensor(np.asarray(-np.float32(decay_rate))))
    schedule = _schedules().ExponentialDecay(learning_rate, decay_steps, natural_rate, staircase=staircase)
    return functools.partial(schedule, global_step)


def inverse_time_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False, name=None):
    """learning_rate / (1 + decay_rate * global_step / decay_steps)."""
    schedule = _schedules().InverseTimeDecay(learning_rate, decay_steps, decay_rate, staircase=staircase)
    return functools.partial(schedule, global_step)


def cosine_decay(learning_rate, global_step, decay_steps, alpha=0.0, name=None):
    """learning_rate * ((1 - alpha) * 0.5 * (1 + cos(pi * min(step, decay_steps) / decay_steps)) + alpha)."""
    schedule = _schedules().CosineDecay(learning_rate, decay_steps, alpha=alpha)
    return functools.partial(schedule, global_step)


def cosine_decay_restarts(learning_rate, global_step, first_decay_steps, t_mul=2.0, m_mul=1.0, alpha=0.0, name=None):
    """Cosine decay with warm restarts (SGDR): periods ``t_mul`` times longer, peaks ``m_mul`` times lower."""
    schedule = _schedules().CosineDecayRestarts(learning_rate, first_decay_steps, t_mul=t_mul, m_mul=m_mul,
                                                alpha=alpha)
    return functools.partial(schedule, global_step)


def linear_cosine_decay(learning_rate, global_step, decay_steps, num_periods=0.5, alpha=0.0, beta=0.001, name=None):
    """learning_rate * ((alpha + linear) * cosine + beta), linear = (decay_steps - step) / decay_steps and
    cosine = 0.5 * (1 + cos(pi * 2 * num_periods * step / decay_steps)), step capped at decay_steps
    (TF's LinearCosineDecay, each step a float32 op in this order)."""
    return functools.partial(_linear_cosine, learning_rate, decay_steps, num_periods, alpha, beta, global_step)


def _linear_cosine(learning_rate, decay_steps, num_periods, alpha, beta, global_step):
    from .. import ops
    initial = ops.convert_to_tensor(learning_rate)
    dtype = initial.dtype
    decay_steps, num_periods, alpha, beta = (ops.cast(value, dtype) for value in (decay_steps, num_periods, alpha, beta))
    step = ops.minimum(ops.cast(global_step, dtype), decay_steps)
    linear_decayed = (decay_steps - step) / decay_steps
    fraction = 2.0 * num_periods * (step / decay_steps)
    cosine_decayed = 0.5 * (1.0 + ops.cos(ops.constant(math.pi) * fraction))
    return ops.multiply(initial, (alpha + linear_decayed) * cosine_decayed + beta)


DECAYS = (exponential_decay, piecewise_constant, polynomial_decay, natural_exp_decay, inverse_time_decay, cosine_decay,
          cosine_decay_restarts, linear_cosine_decay)
