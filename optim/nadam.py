"""Nadam: Adam with Nesterov momentum (Dozat, 2016), as Keras 3."""
import numpy as np
from numpy import ndarray  # (not np.ndarray on hot paths: see backend.py)

from framework.backend import array_module, to_host
from framework.keras.backend import floatx

from .arguments import auto_name, set_moment_options
from .keras_cast import keras_cast
from .live_hyperparameters import is_variable, live
from .optimizer import Optimizer
from .rowwise_moment import RowwiseMoment
from .scratch import borrow
from .slots import keras_unscoped

_FLOAT32 = np.dtype(np.float32)
_NO_SCRATCH = (None, None)      # small variables: numpy's own temporaries (see scratch.py)
_DECAY_32 = np.float32(0.96)


class Nadam(RowwiseMoment, Optimizer):
    """Nadam with the momentum schedule and running product of Keras 3;
    matches ``keras.optimizers.Nadam``.

    With t the 1-based step and u(t) = beta_1 * (1 - 0.5 * 0.96**t), the
    optimizer keeps ``u_product`` = u(1) * ... * u(t) (one value for all
    variables, advanced once per update), and per variable::

        m += (g - m) * (1 - beta_1)
        v += (g**2 - v) * (1 - beta_2)
        m_hat = u(t+1) * m / (1 - u_product * u(t+1)) + (1 - u(t)) * g / (1 - u_product)
        v_hat = v / (1 - beta_2**t)
        var -= lr * m_hat / (sqrt(v_hat) + epsilon)

    Args:
        learning_rate: default 0.001.
        beta_1, beta_2: in [0, 1); epsilon: default 1e-7.
        **kwargs: the base ``Optimizer`` options (weight_decay, clipnorm, ...).
    """

    elementwise_update = True     # see Optimizer.elementwise_update

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, weight_decay=None,
                 clipnorm=None, clipvalue=None, global_clipnorm=None, use_ema=False, ema_momentum=0.99,
                 ema_overwrite_frequency=None, loss_scale_factor=None, gradient_accumulation_steps=None,
                 name=None, **kwargs):
        # (Keras 3's signature, in its order: a use_ema given positionally is use_ema, not the name)
        super().__init__(learning_rate=learning_rate, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor, gradient_accumulation_steps=gradient_accumulation_steps,
                         name=name, **kwargs)
        if isinstance(beta_1, (list, tuple)):
            # Keras's u_product variable, a scalar, refuses the list's product when it is built (ValueError)
            raise ValueError('Argument `beta_1` must be a number. Received: beta_1=%r of type %s'
                             % (beta_1, type(beta_1).__name__))
        set_moment_options(self, beta_1, beta_2, epsilon)
        self._u_product = None
        self._fixed_scalars = {}

    def slot_groups(self):
        return [('momentum', 'velocity')]

    def build_more(self, var_list, new):
        if self._u_product is None:
            # Keras gives the product the first variable's dtype (floatx for an empty build: a legacy
            # .h5 load builds for the model's own variables, none), and no name: it is
            # auto-named 'variable', 'variable_1', ..., in whatever name scope the build runs.
            dtype = var_list[0].dtype if var_list else floatx()
            self._u_product = self._slots.add_extra('u_product', 1.0, dtype)
            # Keras makes it with backend.Variable(1.0): trainable, as its `trainable` prints (no tape
            # watches it, which _auto_watch, set when the slot was made, keeps so)
            self._u_product._trainable = True
            keras_unscoped(self._u_product, auto_name('variable'), self)

    def _update_variables(self, grads, variables, lr):
        self._advance_step_state()
        super()._update_variables(grads, variables, lr)

    def _advance_step_state(self):
        u = self._u_product._data
        # On the host, scalar arithmetic (the same float ops as the array ops, for less dispatch).
        product = u[()] if type(u) is ndarray else u
        # Keras's ops.power of two scalars: C's powf / pow, as TF's scalar path (framework/libm.py). numpy's
        # scalar power calls them too (its scalar math, unlike its array loops, never runs SVML), without
        # ctypes' microsecond: the same bits as libm's on 300,000 random pairs of each dtype
        step = self._local_step(u.dtype)
        decay = (_DECAY_32 if u.dtype is _FLOAT32 else u.dtype.type(0.96)) ** step
        u[...] = product * self.beta_1 * (1.0 - 0.5 * decay)

    def sparse_update_step(self, gradient, variable, learning_rate):
        # Keras scales an IndexedSlices' rows in m_hat's gradient term before they meet the
        # dense momentum term (where they are summed); the moments see the rows as RowwiseMoment says.
        rows = gradient.values
        self._step(gradient.dense(), gradient.dense(rows * rows), variable, learning_rate, rows=gradient)

    def _step(self, gradient, squared, variable, learning_rate, rows=None):
        data = variable._data          # the raw array's attributes: no property calls, per variable per step
        xp, dtype = array_module(data), data.dtype
        # The scalar parts of the formula, computed once per step (see _constants):
        # the same values in the same dtype as written inline, for identical bits.
        (one_minus_beta_1, one_minus_beta_2, u_next, one_minus_u_product_next, one_minus_u_t, one_minus_u_product,
         bias_correction_2, epsilon) = self.per_step('nadam', dtype, lambda: self._constants(dtype))
        m, v = self._slots.arrays(variable, ('momentum', 'velocity'))
        # Each intermediate goes into a reused buffer where the variable is large (see scratch.py),
        # else into a new array (out=None): the same operations in the same order either way.
        t1, t2 = borrow(self, data, 2) or _NO_SCRATCH
        change = xp.subtract(gradient, m, out=t1)
        change *= one_minus_beta_1
        m += change
        change = xp.subtract(squared, v, out=t1)
        change *= one_minus_beta_2
        v += change
        m_hat = xp.multiply(m, u_next, out=t1)
        m_hat /= one_minus_u_product_next
        if rows is None:
            gradient_term = xp.multiply(gradient, one_minus_u_t, out=t2)
            gradient_term /= one_minus_u_product
        else:
            gradient_term = rows.dense(one_minus_u_t * rows.values / one_minus_u_product)
        m_hat += gradient_term
        root = xp.divide(v, bias_correction_2, out=t2)       # v_hat
        root = xp.sqrt(root, out=t2)        # (no scratch and a 0-d variable: root is a numpy scalar, no out=)
        root += epsilon
        m_hat *= learning_rate
        m_hat /= root
        data -= m_hat

    def _constants(self, dtype):
        """The scalars of this step, in ``dtype``, the same for every variable:
        1 - beta_1, 1 - beta_2, u(t+1), 1 - u_product * u(t+1), 1 - u(t),
        1 - u_product, 1 - beta_2**t and epsilon (as numpy casts the Python float).
        Each is one numpy scalar op less per variable, and array ops with a numpy
        scalar of the array's dtype are quicker than with a Python float."""
        t = self._local_step(dtype)
        beta_1, beta_2, one, half, decay, epsilon = self._fixed(dtype)
        u_t, u_next = _momentum(beta_1, one, half, decay, t), _momentum(beta_1, one, half, decay, t + one)
        u_product = dtype.type(to_host(self._u_product._data)[()])
        return (one - beta_1, one - beta_2, u_next, one - u_product * u_next, one - u_t, one - u_product,
                one - beta_2 ** t, epsilon)

    def _fixed(self, dtype):
        """The hyper-parameters as scalars of ``dtype`` (recomputed if one was reassigned)."""
        key = (dtype, self.beta_1, self.beta_2, self.epsilon)
        fixed = self._fixed_scalars.get(key)
        if fixed is None:
            f = dtype.type
            # a variable (Nadam(beta_1=keras.Variable(0.9))) is read at each step, as Keras reads it: not kept
            beta_1, beta_2, epsilon = live(self.beta_1), live(self.beta_2), live(self.epsilon)
            # Keras casts beta_1, beta_2 and the 0.96 decay (through float32, see keras_cast).
            fixed = (keras_cast(beta_1, dtype), keras_cast(beta_2, dtype), f(1), f(0.5), keras_cast(0.96, dtype),
                     f(epsilon))
            if not any(map(is_variable, key)):
                self._fixed_scalars[key] = fixed
        return fixed

    def get_config(self):
        config = super().get_config()
        config.update(beta_1=self.beta_1, beta_2=self.beta_2, epsilon=self.epsilon)
        return config


def _momentum(beta_1, one, half, decay, step):
    """u(step) = beta_1 * (1 - 0.5 * 0.96**step), all scalars of the variables' dtype."""
    return beta_1 * (one - half * decay ** step)
