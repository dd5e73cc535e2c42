"""Muon (Jordan et al., 2024; Liu et al., 2025): orthogonalized momentum for matrices, as Keras 3."""
import re

import numpy as np

from framework import graph_random_ops
from framework.keras import ops
from framework.keras.backend import floatx
from framework.ops.linalg import matmul
from framework.ops.shapes import cast
from framework.tensor import convert_to_tensor
from .arguments import refuse_none
from .keras_cast import keras_cast
from .live_hyperparameters import live, track_all
from .optimizer import Optimizer
from .weight_decay import decay


class Muon(Optimizer):
    """Muon for 2-D variables, AdamW for the rest; matches ``keras.optimizers.Muon`` (Keras 3.15).

    A variable takes the Adam step when it is not 2-D, when its path contains 'embedding'
    (with ``exclude_embeddings``), or when one of ``exclude_layers`` (regular expressions)
    is found in its path. With t the 1-based step:

        Muon:  m += g + m * (momentum - 1)
               u = newton_schulz(g + momentum * m if nesterov else m)
               var -= lr * u * sqrt(max(rows, cols)) * rms_rate        (no rescaling if rms_rate is None)
        Adam:  alpha = lr * adam_lr_ratio * sqrt(1 - beta_2**t) / (1 - beta_1**t)
               m += (g - m) * (1 - adam_beta_1);  v += (g**2 - v) * (1 - adam_beta_2)
               var -= m * alpha / (sqrt(v) + epsilon)

    ``newton_schulz`` makes the matrix's singular values near 1 (wide side last): ``x /= ||x||_F + 1e-7``,
    then ``ns_steps`` times ``A = x x^T; x = a x + (b A + c A A) x``. Weight decay is decoupled, before
    the step, at the full learning rate: ``weight_decay`` for Muon's variables, ``adam_weight_decay``
    for Adam's (both 0.004 by default); ``exclude_from_weight_decay`` names are matched against the
    variable's short name ('kernel'), as Keras's Muon does. Like Keras's, it builds its state once:
    momentum for every variable, followed by a velocity for the Adam ones, variable by variable.

    Args:
        learning_rate: default 0.001; adam_lr_ratio scales it for the Adam step (default 1).
        adam_beta_1, adam_beta_2, epsilon: the Adam step's (0.9, 0.999, 1e-7).
        momentum: default 0.95; nesterov: default True; ns_steps: Newton-Schulz iterations (5);
        muon_a, muon_b, muon_c: the iteration's coefficients (3.4445, -4.7750, 2.0315).
        exclude_layers: list of regular expressions searched in variable paths.
        exclude_embeddings: default True. rms_rate: default 0.2, or None.
        **kwargs: the base ``Optimizer`` options (clipnorm, use_ema, ...).
    """

    def __init__(self, learning_rate=0.001, adam_beta_1=0.9, adam_beta_2=0.999, adam_weight_decay=0.004,
                 epsilon=1e-7, weight_decay=0.004, clipnorm=None, clipvalue=None, global_clipnorm=None,
                 use_ema=False, ema_momentum=0.99, ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, exclude_layers=None, exclude_embeddings=True,
                 muon_a=3.4445, muon_b=-4.7750, muon_c=2.0315, adam_lr_ratio=1, momentum=0.95, ns_steps=5,
                 nesterov=True, rms_rate=0.2, **kwargs):
        super().__init__(learning_rate=learning_rate, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor,
                         gradient_accumulation_steps=gradient_accumulation_steps, name=name, **kwargs)
        refuse_none(epsilon, 'epsilon')
        refuse_none(adam_lr_ratio, 'adam_lr_ratio')
        self.adam_beta_1, self.adam_beta_2, self.epsilon = adam_beta_1, adam_beta_2, epsilon
        self.muon_a, self.muon_b, self.muon_c = muon_a, muon_b, muon_c
        self.adam_lr_ratio, self.momentum, self.ns_steps, self.nesterov = adam_lr_ratio, momentum, ns_steps, nesterov
        track_all(self, adam_beta_1, adam_beta_2, epsilon, adam_lr_ratio, momentum)
        self.exclude_embeddings = exclude_embeddings
        self.exclude_layers = exclude_layers or []
        self.adam_weight_decay = adam_weight_decay
        self.rms_rate = rms_rate
        self._rate = None      # the step's float32 rate: Keras scales it by adam_lr_ratio before the cast
        self._rate_factors = None      # its schedule's factors where they join a traced step's chain

    def uses_adam(self, variable):
        """Whether ``variable`` takes the Adam step (Keras's ``_should_use_adamw``)."""
        if len(variable.shape) != 2:
            return True
        if variable._path is None:     # a tf.Variable: Keras reads ``variable.path``, which it lacks
            raise AttributeError("'ResourceVariable' object has no attribute 'path'")
        path = variable.path
        if self.exclude_embeddings and 'embedding' in path.lower():
            return True
        return any(re.search(keyword, path) for keyword in self.exclude_layers)

    def build(self, var_list):
        if self.built:
            return          # Keras's Muon makes its state once, for its first variables
        super().build(var_list)

    def build_more(self, var_list, new):
        for variable in self._slots.model_variables():
            self._slots.add(variable, 'momentum')
            if self.uses_adam(variable):
                self._slots.add(variable, 'velocity')

    def get_slot_names(self):
        return ['momentum', 'velocity']

    def _apply_weight_decay(self, variables, lr):
        for variable in variables:
            if not self._weight_decay.applies_to(variable, name=variable.name):
                continue
            rate = self.adam_weight_decay if self.uses_adam(variable) else self.weight_decay
            if rate is not None:
                decay(variable._data, rate, lr)

    def _update_variables(self, grads, variables, lr):
        self._rate = lr
        self._rate_factors = None
        if graph_random_ops.current() is not None and len(variables) == 1:
            # the one update is the rate's one consumer: its last Mul joins the step's chain (_traced_scale)
            self._rate_factors = _schedule_factors(self._rate_in_effect(), self._iterations, lr.dtype)
        try:
            super()._update_variables(grads, variables, lr)
        finally:
            self._rate_factors = None

    def update_step(self, gradient, variable, learning_rate):
        self._step(gradient, None, variable)

    def sparse_update_step(self, gradient, variable, learning_rate):
        # Keras squares an IndexedSlices row by row and sums repeated rows afterwards (see rowwise_moment.py).
        squared = gradient.dense(gradient.values * gradient.values) if self.uses_adam(variable) else None
        self._step(gradient.dense(), squared, variable)

    def _step(self, gradient, squared, variable):
        names = self._slots.names_for(variable)
        if 'momentum' not in names:
            raise KeyError('Muon: no state for variable %r: Muon builds its state once, for the variables of '
                           'its first build (or apply); create a new optimizer to train other variables'
                           % (variable.path,))
        if 'velocity' in names:
            self._adam_step(gradient, gradient * gradient if squared is None else squared, variable)
        else:
            self._muon_step(gradient, variable)

    def _adam_step(self, gradient, squared, variable):
        xp, dtype = self.xp(variable), variable._data.dtype
        m, v = self._slots.arrays(variable, ('momentum', 'velocity'))
        # (a variable hyper-parameter is read at each step, in its dtype: live_hyperparameters.py)
        beta_1, beta_2, epsilon = live(self.adam_beta_1), live(self.adam_beta_2), live(self.epsilon)
        rate = (self._rate * self._rate.dtype.type(live(self.adam_lr_ratio))).astype(dtype)
        t = self._local_step(dtype)
        root = np.sqrt(1 - keras_cast(beta_2, dtype) ** t)
        alpha = rate * root / (1 - keras_cast(beta_1, dtype) ** t)
        m += (gradient - m) * (1 - beta_1)
        v += (squared - v) * (1 - beta_2)
        variable._data -= m * alpha / (xp.sqrt(v) + epsilon)

    def _muon_step(self, gradient, variable):
        (m,) = self._slots.arrays(variable, ('momentum',))
        momentum = live(self.momentum)
        m += gradient + m * (momentum - 1)
        direction = gradient + momentum * m if self.nesterov else m
        rate, update = convert_to_tensor(self._rate), self.newton_schulz(convert_to_tensor(direction))
        if update.dtype != rate.dtype:
            # Keras's rate is its float32 variable, whose product promotes as keras.ops.multiply: a
            # float16 update is computed on in float32 (cast back when subtracted), a float64 one
            # keeps float64, and then meets the float32 sqrt below as TF's Mul error (Keras 3.15)
            common = np.promote_types(rate._data.dtype, update._data.dtype)
            rate, update = cast(rate, common), cast(update, common)
        if self.rms_rate is None:
            update = rate * update
        elif graph_random_ops.current() is not None and (update.dtype == 'float32' or update.dtype == floatx()):
            update = update * _traced_scale(rate._data, update.shape, self.rms_rate, self._rate_factors)
        else:
            # Moonlight's scaling: the update's RMS then matches AdamW's (Liu et al., 2025).
            update = rate * update
            # Keras's sqrt of an int is in floatx: float64 under set_floatx('float64'), where a float32 root
            # made the float64 update fail in Mul (TF 2.21 trains)
            root = ops.sqrt(cast(ops.maximum(update.shape[0], update.shape[1]), floatx()))
            update = update * root * self.rms_rate
        variable._data -= update._data

    def newton_schulz(self, x):
        """The quintic Newton-Schulz iteration on the Tensor ``x`` (Keras's ``zeropower_via_newtonschulz5``)."""
        if x.ndim < 2:
            raise ValueError('Muon: expected a gradient or momentum of at least 2 dimensions. '
                             'Received: shape=%s' % (tuple(x.shape),))
        tall = x.shape[-2] > x.shape[-1]
        if tall:
            x = _swap_last_axes(x)
        x = x / (ops.norm(x, axis=(-2, -1), keepdims=True) + 1e-7)
        # A traced step (fit's) has grappler's FoldTransposeIntoMatMul make x @ transpose(x) one
        # MatMul(x, x, transpose_b=True), whose kernel sums otherwise (TF 2.21: 9 of 25 values of a
        # (5, 8) Gram matrix differ from the eager product)
        traced = graph_random_ops.current() is not None
        for _ in range(self.ns_steps):
            gram = matmul(x, x, transpose_b=True) if traced else x @ _swap_last_axes(x)
            x = self.muon_a * x + (self.muon_b * gram + self.muon_c * gram @ gram) @ x
        return _swap_last_axes(x) if tall else x

    def get_config(self):
        config = super().get_config()
        config.update(adam_beta_1=self.adam_beta_1, adam_beta_2=self.adam_beta_2, epsilon=self.epsilon,
                      exclude_layers=self.exclude_layers, muon_a=self.muon_a, muon_b=self.muon_b,
                      muon_c=self.muon_c, adam_lr_ratio=self.adam_lr_ratio, momentum=self.momentum,
                      ns_steps=self.ns_steps, nesterov=self.nesterov, exclude_embeddings=self.exclude_embeddings,
                      adam_weight_decay=self.adam_weight_decay, rms_rate=self.rms_rate)
        return config


def _schedule_factors(rate, iterations, dtype):
    """A schedule's last product ``(constant, rest)`` in a returning trace (LearningRateSchedule.product_factors),
    of the rate's dtype; None for anything else (a longer chain, a float rate, a tf.function returning None)."""
    product_factors = getattr(rate, 'product_factors', None)
    factors = product_factors(iterations) if product_factors is not None else None
    if factors is None or len(factors) != 2 or any(f.dtype != dtype for f in factors):
        return None
    return factors


def _traced_scale(rate, shape, rms_rate, factors=None):
    """The scalar a traced step multiplies the Newton-Schulz matrix by, for Keras's
    ``lr * u * sqrt(max(rows, cols)) * rms_rate``: grappler's MinimizeBroadcasts multiplies the
    scalars first, and where it pushes constants (see graph_random_ops.pushes_constants) the two
    constants are folded before the rate meets them (TF 2.21, a (16, 32) kernel at lr 0.013:
    309 of 512 values of the eager product differ from the traced one)."""
    real = rate.dtype.type       # float32, or float64 under set_floatx('float64') (then Keras's root is float64)
    root = np.sqrt(real(max(shape[0], shape[1])))
    if factors is not None and factors[0].dtype == rate.dtype:
        # One variable's update, the rate a schedule's Mul(constant, rest): the chain takes the rate's
        # factors too, and the constants are gathered, ((constant * (root * rms_rate)) * rest) (TF 2.21:
        # Muon on one 24x40 variable in a returning tf.function, ExponentialDecay, CosineDecay with and
        # without alpha, CosineDecayRestarts with alpha: 12 of 12 steps equal, where the rate kept whole
        # left 6-11 weights of 960 off in 10 of them; notes/progs/optimtraj31/p6_muon_chain_tf.py, p7_muon_hyp.py)
        constant, rest = factors
        return (constant * (root * real(rms_rate))) * rest
    if graph_random_ops.pushes_constants():
        return rate * (root * real(rms_rate))
    return (rate * root) * real(rms_rate)


def _swap_last_axes(x):
    order = list(range(x.ndim))
    order[-2], order[-1] = order[-1], order[-2]
    return ops.transpose(x, order)
