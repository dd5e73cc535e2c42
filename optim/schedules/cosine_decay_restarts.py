"""CosineDecayRestarts: cosine decay that restarts, each period t_mul times longer (SGDR), as Keras 3."""
import math

import numpy as np

from framework import graph_random_ops
from framework.ops.arithmetic import pow_arrays
from .learning_rate_schedule import (checked_hyper, LearningRateSchedule, divide_by_constant, as_tensor, check_decay_steps, float_of,
                                     refuse_integer_rate, step_array)
from .tf_kernels import tf_unary


class CosineDecayRestarts(LearningRateSchedule):
    """Stochastic gradient descent with warm restarts (Loshchilov & Hutter, 2017).

    With f = step / first_decay_steps, the i-th period (i counted from 0)
    lasts first_decay_steps * t_mul**i steps; inside it, at fraction p::

        rate = initial * ((1 - alpha) * 0.5 * m_mul**i * (1 + cos(pi * p)) + alpha)

    i = floor(f) for t_mul = 1, else floor(log(1 - f * (1 - t_mul)) / log(t_mul)).
    Matches ``keras.optimizers.schedules.CosineDecayRestarts`` (its default name is 'SGDRDecay').

    Raises:
        ValueError: for first_decay_steps <= 0.
    """

    ends_in_product = True        # initial * decayed (see LearningRateSchedule)

    def __init__(self, initial_learning_rate, first_decay_steps, t_mul=2.0, m_mul=1.0, alpha=0.0,
                 name='SGDRDecay'):
        check_decay_steps(first_decay_steps, 'first_decay_steps')
        self.initial_learning_rate = initial_learning_rate
        self.first_decay_steps = first_decay_steps
        self._t_mul = t_mul
        self._m_mul = m_mul
        self.alpha = alpha
        self.name = name

    def __call__(self, step):
        return self._rate(step, False)

    def product_factors(self, step):
        """In a traced graph that pushes constants: ``(m_mul ** i, initial * 0.5, 1 + cos)`` with
        alpha = 0, else ``(initial, the sum it multiplies)``: the rate's Mul chain as weight decay's
        MinimizeBroadcasts meets it (see LearningRateSchedule.product_factors); else None."""
        if not graph_random_ops.pushes_constants():
            return None
        return self._rate(step, True)

    def _rate(self, step, factors):
        initial = float_of(self.initial_learning_rate, 'initial_learning_rate',
                           self.first_decay_steps)
        refuse_integer_rate(initial, 'CosineDecayRestarts')
        cast = initial.dtype.type
        t_mul = cast(checked_hyper(self._t_mul, initial.dtype, 't_mul'))
        m_mul, alpha = cast(checked_hyper(self._m_mul, initial.dtype, 'm_mul')), cast(self.alpha)
        fraction = divide_by_constant(step_array(step, initial.dtype), cast(self.first_decay_steps))
        if t_mul == 1:
            restart = np.floor(fraction)
            fraction = fraction - restart
        else:
            # log(t_mul) and 1 - t_mul are constants of a traced graph, so grappler multiplies by their
            # reciprocals there (divide_by_constant): log(1.25) * (1 / log(1.25)) is 0.99999994, and TF 2.21's
            # traced CosineDecayRestarts(0.3, 4, t_mul=1.25) ends its first period at step 4 (rate 0.3 * alpha)
            # where eagerly it restarts (progs/optimtraj19/p16_cdr3.py)
            restart = np.floor(divide_by_constant(tf_unary('log', cast(1) - fraction * (cast(1) - t_mul)),
                                                  tf_unary('log', t_mul)))
            done = divide_by_constant(cast(1) - pow_arrays(t_mul, restart, False), cast(1) - t_mul)   # periods finished
            fraction = (fraction - done) / pow_arrays(t_mul, restart, False)
        m_fac = pow_arrays(m_mul, restart, False)
        wave = cast(1) + tf_unary('cos', cast(math.pi) * fraction)
        if not graph_random_ops.pushes_constants():      # eager, or a tf.function returning None
            rate = initial * ((cast(1) - alpha) * (cast(0.5) * m_fac * wave) + alpha)
        elif alpha == 0:
            # traced: grappler drops the * 1 and + 0 and its ConstantPushDown gathers the
            # constants of the Mul chain next to m_fac (TF 2.21)
            if factors:
                return m_fac, initial * cast(0.5), wave
            rate = (m_fac * (initial * cast(0.5))) * wave
        else:
            # the rate's last product is Mul(initial, sum), which weight decay's chain takes in
            # (TF 2.21: AdamW with CosineDecayRestarts(0.1, 5, t_mul=1.5, m_mul=0.8, alpha=0.1) in fit)
            rest = (m_fac * ((cast(1) - alpha) * cast(0.5))) * wave + alpha
            if factors:
                return initial, rest
            rate = initial * rest
        return as_tensor(rate, initial.dtype)

    def get_config(self):
        return {'initial_learning_rate': self.initial_learning_rate, 'first_decay_steps': self.first_decay_steps,
                't_mul': self._t_mul, 'm_mul': self._m_mul, 'alpha': self.alpha, 'name': self.name}
