"""Adafactor (Shazeer & Stern, 2018): second moments kept as row and column means, as Keras 3."""
import re

import numpy as np

from framework import backend, graph_random_ops
from framework.ops import eigen_math, eigen_sum
from framework.ops.reductions import reduce_mean, reduce_sum
from framework.tensor import Tensor
from .arguments import check_number
from .live_hyperparameters import is_variable, live, track_all
from .keras_cast import keras_cast
from .optimizer import Optimizer
from .root_division import divided_by_root
from .rowwise_moment import scatter_add
from .schedules.learning_rate_schedule import divide_by_constant
from .slots import keras_named, keras_unscoped


class Adafactor(Optimizer):
    """Adafactor; matches ``keras.optimizers.Adafactor`` (Keras 3). With t the 1-based step::

        lr = min(lr, 1 / sqrt(t))        # when relative_step and lr is a number
        rho = min(lr, 1 / sqrt(t));  alpha = maximum(epsilon_2, rms(var)) * rho
        g2 = g**2 + epsilon_1;  beta_2 = 1 - t**beta_2_decay
        rank >= 2:  r = beta_2 * r + (1 - beta_2) * mean(g2, -1)        (shape var.shape[:-1])
                    c = beta_2 * c + (1 - beta_2) * mean(g2, -2)        (var.shape[:-2] + var.shape[-1:])
                    v = (r / mean(r, -1))[..., None] * c[..., None, :]
        rank < 2:   v = beta_2 * v + (1 - beta_2) * g2
        u = g / sqrt(v);  var -= alpha * u / max(1, rms(u) / clip_threshold)

    rms takes the whole variable, so the update is not elementwise. As in
    Keras, variables of rank < 2 keep scalar row and column slots they do not use.

    Args:
        learning_rate: default 0.001.
        beta_2_decay: default -0.8; epsilon_1: default 1e-30; epsilon_2: default 1e-3.
        clip_threshold: default 1.0; relative_step: default True.
        **kwargs: the base ``Optimizer`` options (weight_decay, clipnorm, ...).
    """

    elementwise_update = False    # rms(var) and rms(u) are per variable

    def __init__(self, learning_rate=0.001, beta_2_decay=-0.8, epsilon_1=1e-30, epsilon_2=1e-3, clip_threshold=1.0,
                 relative_step=True, weight_decay=None, clipnorm=None, clipvalue=None, global_clipnorm=None,
                 use_ema=False, ema_momentum=0.99, ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor, gradient_accumulation_steps=gradient_accumulation_steps,
                         name=name, **kwargs)
        if not is_variable(beta_2_decay) and (isinstance(beta_2_decay, bool)
                                              or not isinstance(beta_2_decay, (int, float))):
            raise TypeError('Adafactor: argument `beta_2_decay` must be a number. Received: beta_2_decay=%r'
                            % (beta_2_decay,))
        for value, what in ((epsilon_1, 'epsilon_1'), (epsilon_2, 'epsilon_2'), (clip_threshold, 'clip_threshold')):
            if not is_variable(value):      # (a variable is read at each step: live_hyperparameters.py)
                check_number(value, what)   # any sign, as Keras (a negative clip_threshold clips nothing)
        self.beta_2_decay = beta_2_decay
        self.epsilon_1 = epsilon_1
        self.epsilon_2 = epsilon_2
        self.clip_threshold = clip_threshold
        track_all(self, beta_2_decay, epsilon_1, epsilon_2, clip_threshold)
        self.relative_step = relative_step

    def slot_groups(self):
        return [('row', 'column', 'velocity')]

    def build_more(self, var_list, new):
        """Keras's slots per variable: row and column means (rank >= 2 only), then the velocity."""
        refused = _stop_at_scope_name(self, new) if graph_random_ops.current() is not None else None
        for variable in new:
            data = variable._data
            xp = backend.array_module(data)
            row, column = self._slots.get(variable, 'row'), self._slots.get(variable, 'column')
            if data.ndim >= 2:
                row._data = xp.zeros(data.shape[:-1], data.dtype)
                column._data = xp.zeros(data.shape[:-2] + data.shape[-1:], data.dtype)
                # Keras names both after the variable ('kernel', or 'w:0' for a tf.Variable),
                # under the optimizer's scope: 'adafactor/kernel' (the slots' prefix).
                for slot in (row, column):
                    slot._name = variable.name
                    keras_named(slot, self._slots.prefix)
            else:
                # Below rank 2, Keras keeps unused scalars in their place (Variable(0): int32), named
                # after the variable in whatever name scope the build runs.
                for slot in (row, column):
                    slot._data = xp.zeros((), 'int32')
                    keras_unscoped(slot, variable.name, self)
        if refused is not None:
            raise refused

    # Set where a build inside a tf.function stopped at an invalid scope name (_stop_at_scope_name)
    _stopped_build = False

    def _update(self, grads, variables):
        # After a stopped build, TF 2.21's trace of a step fails at the first variable without slots,
        # and its graph never runs: neither weight decay nor the variables before it change
        if self._stopped_build and graph_random_ops.current() is not None:
            for variable in variables:
                if 'velocity' not in self._slots.names_for(variable):
                    raise _slotless(variable)
        super()._update(grads, variables)

    @staticmethod
    def _rms(xp, x):
        return xp.sqrt(_mean(x * x))

    def update_step(self, gradient, variable, learning_rate):
        self._step(gradient, gradient * gradient, variable, learning_rate)

    def sparse_update_step(self, gradient, variable, learning_rate):
        """Keras 3 on an IndexedSlices squares each row on its own (a repeated index gives
        sum g_i**2, not (sum g_i)**2) in the second moments; u is taken row by row over the
        gathered sqrt(v), rms(u) over those rows, and the steps are scattered into the variable
        row by row (see rowwise_moment.scatter_add)."""
        rows = gradient.values
        squared = gradient.dense(rows * rows)       # (Keras converts the squared rows first)
        self._step(gradient.dense(), squared, variable, learning_rate, rows=gradient)

    def _step(self, gradient, squared, variable, learning_rate, rows=None):
        xp, data = self.xp(variable), variable._data
        dtype = data.dtype.type
        step = self._local_step(data.dtype)
        inverse_root = 1 / xp.sqrt(step)
        if self.relative_step and not callable(self._learning_rate):
            learning_rate = min(learning_rate, inverse_root)
        rho = min(learning_rate, inverse_root)
        # Keras's ops.cast(epsilon_2): a float64 variable gets float32(1e-3) widened, which sets
        # the first steps of a zero-initialized bias. xp.maximum, not max(): a variable holding a NaN
        # (float16's 0 / 0 where g**2 + epsilon_1 rounds to 0) has a NaN rms, and tf.maximum keeps it,
        # so Keras's next step makes the whole variable NaN (max() answered epsilon_2 and went on)
        alpha = xp.maximum(keras_cast(live(self.epsilon_2), data.dtype), self._rms(xp, data)) * rho
        regulated = squared + live(self.epsilon_1)
        beta_2 = 1 - _decayed(xp, step, self.beta_2_decay)
        try:
            row, column, v = self._slots.arrays(variable, ('row', 'column', 'velocity'))
        except KeyError:
            raise _slotless(variable) from None
        if data.ndim >= 2:
            row[...] = beta_2 * row + (1 - beta_2) * _mean(regulated, axis=-1)
            column[...] = beta_2 * column + (1 - beta_2) * _mean(regulated, axis=-2)
            v[...] = (row / _mean(row, axis=-1, keepdims=True))[..., None] * column[..., None, :]
        else:
            v[...] = beta_2 * v + (1 - beta_2) * regulated
        if rows is None:
            u = divided_by_root(xp, gradient, v)        # g * rsqrt(v) in a traced step
            rms_u = self._rms(xp, u)
        else:
            # rows over the gathered sqrt(v): a Gather stands between the Div and the Sqrt, so a
            # traced step keeps the division
            root = xp.sqrt(v)
            u = rows.values / root[rows.indices]
            rms_u = xp.sqrt(_sparse_mean(u * u, data.size))
            # Keras's sparse division takes in the rows where sqrt(v) holds a 0 or NaN too (0 / 0 = NaN there;
            # float16's epsilon_1 rounds to 0, so a row no step has touched has v = 0): the rms is then NaN,
            # and so are all those rows and the gradient's after the step (TF 2.21, float16 Embedding)
            holes = xp.logical_or(root == 0, xp.isnan(root))
            if holes.any():
                holes = holes.reshape(len(holes), -1).any(axis=1) if holes.ndim > 1 else holes
                rms_u = rms_u * dtype(np.nan)
                data[holes] = dtype(np.nan)
        # np.maximum, not max(): a NaN ratio (clip_threshold NaN) stays NaN, as tf.maximum keeps it
        scaled = alpha * (u / np.maximum(dtype(1), divide_by_constant(rms_u, dtype(live(self.clip_threshold)))))
        if rows is None:
            data -= scaled
        else:
            scatter_add(data, rows.indices, -scaled)

    def get_config(self):
        config = super().get_config()
        config.update(beta_2_decay=self.beta_2_decay, epsilon_1=self.epsilon_1, epsilon_2=self.epsilon_2,
                      clip_threshold=self.clip_threshold, relative_step=self.relative_step)
        return config


# TensorFlow's name-scope rule (ops.py's _VALID_SCOPE_NAME_REGEX)
_VALID_SCOPE_NAME = re.compile(r'^[A-Za-z0-9_.\\/>-]*$')


def _stop_at_scope_name(optimizer, new):
    """Keras makes each variable's row and column slots under a name scope of the variable's name. Built
    inside a tf.function (a graph), a raw tf.Variable's name ('w:0') is no valid scope name: TF 2.21 raises
    there (eagerly, and for a Keras weight's 'kernel', it does not). Keras's build has marked the optimizer
    built and made the base state (iterations, EMA averages, accumulators) and the slots of the variables
    before that one: it stays so, and a later step reaches the first variable without slots (_slotless).
    Returns the error to raise once the slots kept are made, or None; ``new`` is cut to those variables."""
    for index, variable in enumerate(new):
        name = getattr(variable, 'name', None)
        if isinstance(name, str) and not _VALID_SCOPE_NAME.match(name):
            optimizer._stopped_build = True
            for rest in new[index:]:
                optimizer._slots.drop(rest, ('row', 'column', 'velocity'))
            del new[index:]
            error = ValueError("'%s' is not a valid scope name. A scope name has to match the following "
                               'pattern: %s' % (name, _VALID_SCOPE_NAME.pattern))
            error.add_note("Adafactor: build it before the tf.function (optimizer.build(var_list)), or give "
                           'the variables Keras weights; TF names their slots after them')
            return error
    return None


def _slotless(variable):
    """Keras's error for a step on a variable its stopped build made no slots for: the slot lists
    (_r, _c, _v) end before the variable's index."""
    error = IndexError('list index out of range')
    error.add_note('Adafactor: no slots for %r: its build inside a tf.function stopped at a variable whose name is '
                   'no valid scope name; build the optimizer before the tf.function, or make a new one'
                   % (variable.name,))
    return error


def _decayed(xp, step, decay):
    """Keras's ops.power(local_step, beta_2_decay): C's pow, as TF's one-element path (numpy's power ufunc
    differs from it in the last bit for ~1 step in 4; a scalar ** calls C's). In a traced step grappler's
    arithmetic optimizer turns a constant exponent of -0.5 into Rsqrt, whose one element is 1 / sqrt (TF 2.21:
    1 ulp from pow at steps 6, 7, 17, 18, ...: progs/optimtraj28/p7_afclip.py); a keras.Variable exponent
    keeps the Pow."""
    dtype = step.dtype.type
    if not is_variable(decay) and decay == -0.5 and graph_random_ops.current() is not None:
        return dtype(1) / xp.sqrt(step)
    return step ** dtype(live(decay))


def _mean(x, axis=None, keepdims=False):
    """Keras's ``ops.mean`` of a raw array: its sums in TensorFlow's order (``reduce_mean``); a float16
    or bfloat16 array's mean is taken in float32 and rounded back, as Keras's TF backend does."""
    if x.dtype.itemsize < 4:
        return _mean(x.astype(np.float32), axis=axis, keepdims=keepdims).astype(x.dtype)
    if axis == -1 and _large_rows(x):
        means = eigen_sum.row_sums(x.reshape(-1, x.shape[-1])).reshape(x.shape[:-1]) / x.dtype.type(x.shape[-1])
        return means[..., None] if keepdims else means
    return reduce_mean(Tensor(x), axis=axis, keepdims=keepdims)._data


def _large_rows(x):
    """Whether the row means of ``x`` take Eigen's row order here though reduce_mean keeps numpy's sum
    past eigen_sum.MAX_SIZE elements: the row slot of an MNIST-sized kernel (784 x 128) was 1 ulp off
    TF 2.21's in the first step, and every Adafactor fit of such a model drifted. Rows of up to
    8192 values (no tree) cost a few numpy passes: ~0.4 ms for 784 x 128 (numpy's sum ~0.03 ms),
    paid by Adafactor's large kernels only."""
    return (type(x) is np.ndarray and x.dtype == np.float32 and x.size > eigen_sum.MAX_SIZE
            and eigen_sum.PACKET <= x.shape[-1] <= 1024 * eigen_sum.PACKET and eigen_math.ENABLED[0] is not False)


def _sparse_mean(values, size):
    """Keras's ``ops.mean`` of an IndexedSlices over every axis: ``sum(values) / size`` (the dense
    shape's), a division in a traced step too: inside Keras's apply_gradients TF 2.21 keeps the Div
    (an Embedding(500, 16) in fit with clipping active: rms(u) = sqrt(s / 8000) = 0x1.ae3c8ep-1, where
    s * (1 / 8000) gave 0x1.ae3c90p-1 and 127 of the touched weights 1 ulp off)."""
    total = reduce_sum(Tensor(values))._data
    return total / values.dtype.type(size)
