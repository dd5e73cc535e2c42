"""TF 1's optimizers, as ``tf.compat.v1.train`` still exports them and TF 2.21 runs them eagerly.

TF 1-era tutorials (and the blog posts written from them) train with
``tf.compat.v1.train.GradientDescentOptimizer(0.01).minimize(lambda: loss, var_list=[w, b])`` or
``AdamOptimizer().apply_gradients(zip(grads, variables))``. These classes are not Keras's optimizers:
their defaults (Adam's epsilon 1e-8, RMSProp's decay 0.9 with its mean square starting at ones,
Adagrad's accumulator at 0.1), their slots, names and formulas are TF 1's training kernels'
(tensorflow/core/kernels/training_ops.cc): each update is that kernel's Eigen expression, every
operation rounded in the variable's dtype, in the kernel's order, so trajectories carry TF's bits;
Adagrad's and Adadelta's ``rsqrt`` is Eigen's packet estimate (ops/eigen_rsqrt.py).

Hyper-parameters become tensors the way TF 1 converts them: a Python float is float32 first and is
then cast to the variable's dtype (so a float64 variable trains with float64(float32(0.1))).
"""
import collections

import numpy as np

from .. import backend
from ..errors import InvalidArgumentError, UnimplementedError, kernel_error
from ..indexed_slices import IndexedSlices
from ..ops import eigen_rsqrt
from ..tensor import Tensor, convert_to_tensor
from ..variable import Variable

_NAME_COUNTS = collections.Counter()     # TF 1's variable-scope names: 'w/Adam', 'w/Adam_1', ... per process


def _unique_name(base):
    """``base``, then ``base_1``, ``base_2``...: how TF 2.21 names slot variables made eagerly."""
    count = _NAME_COUNTS[base]
    _NAME_COUNTS[base] += 1
    return base if count == 0 else '%s_%d' % (base, count)


def _op_name(variable):
    name = getattr(variable, 'name', None) or 'Variable'
    return name[:-2] if name.endswith(':0') else name


def _hyper(value, dtype):
    """A hyper-parameter as TF 1's kernels receive it: called if callable, converted to a tensor
    (a Python float as float32) and cast to the variable's ``dtype``; a numpy scalar."""
    if callable(value) and not isinstance(value, (Tensor, Variable)):
        value = value()
    if isinstance(value, (Tensor, Variable)):
        array = backend.to_host(value._data)
    elif isinstance(value, (float, int)) and not isinstance(value, bool):
        array = np.float32(value)
    else:
        array = np.asarray(value)
        if array.dtype == np.float64 and not isinstance(value, np.ndarray):
            array = array.astype(np.float32)
    return np.asarray(array).astype(dtype)[()]


def _rsqrt(xp, a):
    """Eigen's rsqrt on the flat array ``a``: the packet estimate for float32 on the host, else 1 / sqrt."""
    if xp is np and a.dtype == np.float32:
        return eigen_rsqrt.rsqrt(a)
    return xp.divide(a.dtype.type(1), xp.sqrt(a))


class Optimizer:
    """The base of TF 1's optimizers: ``minimize`` = ``compute_gradients`` + ``apply_gradients``."""

    GATE_NONE, GATE_OP, GATE_GRAPH = 0, 1, 2

    def __init__(self, use_locking, name):
        if not name:
            raise ValueError('Must specify the optimizer name')
        self._use_locking = use_locking
        self._name = name
        self._slots = {}            # slot name -> {id(variable): slot variable}
        self._non_slots = {}        # name -> variable (Adam's beta powers)

    def get_name(self):
        return self._name

    # ---- gradients ----------------------------------------------------------------
    def minimize(self, loss, global_step=None, var_list=None, gate_gradients=GATE_OP, aggregation_method=None,
                 colocate_gradients_with_ops=False, name=None, grad_loss=None):
        """Compute the gradients of the callable ``loss`` and apply them (eagerly: returns None)."""
        grads_and_vars = self.compute_gradients(loss, var_list=var_list, grad_loss=grad_loss)
        if not [v for g, v in grads_and_vars if g is not None]:
            raise ValueError('No gradients provided for any variable, check your graph for ops that do not support '
                             'gradients, between variables %s and loss %s.'
                             % ([str(v) for _, v in grads_and_vars], loss))
        return self.apply_gradients(grads_and_vars, global_step=global_step, name=name)

    def compute_gradients(self, loss, var_list=None, gate_gradients=GATE_OP, aggregation_method=None,
                          colocate_gradients_with_ops=False, grad_loss=None):
        """[(gradient, variable)] of the callable ``loss``: of ``var_list``, or of the trainable
        variables the loss read (as TF 1 eagerly, in the tape's watched order)."""
        from ..tape import GradientTape
        if not callable(loss):
            raise RuntimeError('`loss` passed to Optimizer.compute_gradients should be a function when eager '
                               'execution is enabled.')
        if callable(var_list):
            var_list = var_list()
        with GradientTape() as tape:
            if var_list is not None:
                tape._watch(var_list)
            loss_value = loss()
        if var_list is None:
            var_list = tape.watched_variables()
        var_list = list(var_list)
        grads = tape.gradient(loss_value, var_list, grad_loss)
        return list(zip(grads, var_list))

    def apply_gradients(self, grads_and_vars, global_step=None, name=None):
        """Update each variable with its gradient by this optimizer's kernel; None gradients are
        skipped; ``global_step`` (a variable) is incremented after. Eagerly returns None, as TF 1."""
        grads_and_vars = tuple(grads_and_vars)
        if not grads_and_vars:
            raise ValueError('No variables provided.')
        converted = []
        for g, v in grads_and_vars:
            if g is not None:
                if isinstance(g, IndexedSlices):
                    g = g._to_dense(v.dtype)
                try:
                    g = convert_to_tensor(g)
                except (TypeError, ValueError):
                    raise TypeError('Gradient must be convertible to a Tensor or IndexedSlices, or None: %s' % (g,)) \
                        from None
            if not isinstance(v, Variable):
                raise NotImplementedError('Trying to update a Tensor ', v)     # (sic: TF 1 passes a tuple)
            if v._path is not None:
                # a Keras 3 variable (a layer's weight): TF 1's optimizers key their slots by a tf.Variable's
                # _unique_id, which Keras 3's variables lack on TF 2.21
                error = AttributeError("'Variable' object has no attribute '_unique_id'")
                error.add_note('%s.apply_gradients: %r is a Keras variable, which TF 1 optimizers cannot update '
                               'on TF 2.21; use a keras.optimizers optimizer (or train tf.Variables)'
                               % (type(self).__name__, v.path))
                raise error
            converted.append((g, v))
        var_list = [v for g, v in converted if g is not None]
        if not var_list:
            raise ValueError('No gradients provided for any variable: %s.' % ([str(v) for _, v in converted],))
        for g, v in converted:
            if g is not None:
                self._check_gradient(g, v)
        self._create_slots(var_list)
        self._prepare()
        for g, v in converted:
            if g is not None:
                v._detach()         # a tape may still hold the old values
                self._apply_dense(g._data.astype(v._data.dtype, copy=False), v)
        self._finish()
        if global_step is not None:
            global_step.assign_add(1)
        return None

    def _check_gradient(self, grad, var):
        """Refuse, before any update, what TF 1's training kernel refuses: a gradient of another shape,
        one of strings (the learning rate's cast to it), one of integers (no kernel for them)."""
        kind = grad._data.dtype.kind
        if kind in 'OSU':
            raise kernel_error('Cast', 'Cast float to string is not supported', named=True,
                               error_class=UnimplementedError,
                               note='%s.apply_gradients: the gradient for %s holds strings' % (type(self).__name__,
                                                                                               var.name))
        if kind not in 'fc':
            error = InvalidArgumentError("No OpKernel was registered to support Op '%s' used by {{node %s}} with these "
                                         'attrs: [%s]' % (self._kernel, self._kernel,
                                                          self._attrs % ('DT_' + grad.dtype.name.upper())))
            error.add_note('%s.apply_gradients: the gradient for %s has dtype %s; pass a floating gradient (the '
                           "variable's dtype, %s)" % (type(self).__name__, var.name, grad.dtype.name, var.dtype.name))
            raise error
        if tuple(grad._data.shape) != tuple(var._data.shape):
            raise kernel_error(self._kernel, 'var and %s do not have the same shape[%s] [%s]'
                               % (self._gradient_word, ','.join(map(str, var._data.shape)),
                                  ','.join(map(str, grad._data.shape))), named=True,
                               note='%s.apply_gradients: the gradient for %s has shape %s, the variable %s'
                                    % (type(self).__name__, var.name, tuple(grad._data.shape),
                                       tuple(var._data.shape)))

    # TF 1's kernel for the update, its word for the gradient, its attributes (the gradient's dtype at %s)
    _kernel, _gradient_word, _attrs = 'ResourceApplyGradientDescent', 'grad', 'use_locking=false, T=%s'

    # ---- slots --------------------------------------------------------------------
    def get_slot(self, var, name):
        """The slot variable ``name`` ('m', 'momentum', ...) made for ``var``, or None."""
        return self._slots.get(name, {}).get(id(var))

    def get_slot_names(self):
        return sorted(self._slots)

    def variables(self):
        """This optimizer's variables (non-slot ones such as Adam's beta powers, then slots), sorted by name."""
        found = list(self._non_slots.values())
        for per_variable in self._slots.values():
            found.extend(per_variable.values())
        return sorted(found, key=lambda v: v.name)

    def _slot(self, var, slot_name, initial):
        per_variable = self._slots.setdefault(slot_name, {})
        slot = per_variable.get(id(var))
        if slot is None:
            xp = backend.array_module(var._data)
            value = xp.full(var._data.shape, initial, dtype=var._data.dtype)
            slot = per_variable[id(var)] = Variable(value, trainable=False,
                                                    name=_unique_name('%s/%s' % (_op_name(var), self._name)))
        return slot

    def _zeros_slot(self, var, slot_name):
        return self._slot(var, slot_name, 0)

    def _non_slot(self, name, initial):
        if name not in self._non_slots:
            self._non_slots[name] = Variable(initial, trainable=False, name=name)
        return self._non_slots[name]

    # ---- what each optimizer defines ----------------------------------------------------
    def _create_slots(self, var_list):
        pass

    def _prepare(self):
        pass

    def _finish(self):
        pass

    def _apply_dense(self, grad, var):
        raise NotImplementedError('%s: an optimizer subclass defines _apply_dense' % type(self).__name__)


class GradientDescentOptimizer(Optimizer):
    """var -= grad * learning_rate (TF 1's ApplyGradientDescent)."""
    _gradient_word = 'delta'

    def __init__(self, learning_rate, use_locking=False, name='GradientDescent'):
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate

    def _apply_dense(self, grad, var):
        lr = _hyper(self._learning_rate, var._data.dtype)
        var._data -= grad * lr


class MomentumOptimizer(Optimizer):
    """accum = accum * momentum + grad; var -= accum * lr, or with ``use_nesterov``
    var -= grad * lr + accum * momentum * lr (TF 1's ApplyMomentum)."""
    _kernel, _attrs = 'ResourceApplyMomentum', 'use_locking=false, T=%s, use_nesterov=false'

    def __init__(self, learning_rate, momentum, use_locking=False, name='Momentum', use_nesterov=False):
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate
        self._momentum = momentum
        self._use_nesterov = use_nesterov

    def _create_slots(self, var_list):
        for v in var_list:
            self._zeros_slot(v, 'momentum')

    def _apply_dense(self, grad, var):
        dtype = var._data.dtype
        lr, momentum = _hyper(self._learning_rate, dtype), _hyper(self._momentum, dtype)
        accum = self.get_slot(var, 'momentum')
        accum._detach()
        accum._data[...] = accum._data * momentum + grad
        if self._use_nesterov:
            var._data -= grad * lr + accum._data * momentum * lr
        else:
            var._data -= accum._data * lr


class AdamOptimizer(Optimizer):
    """TF 1's Adam (ApplyAdam): alpha = lr * sqrt(1 - beta2_power) / (1 - beta1_power);
    m += (g - m) * (1 - beta1); v += (g * g - v) * (1 - beta2); var -= m * alpha / (sqrt(v) + epsilon).
    The beta powers are variables of the optimizer, multiplied by the betas after each step."""
    _kernel, _attrs = 'ResourceApplyAdam', 'use_locking=false, T=%s, use_nesterov=false'

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8, use_locking=False, name='Adam',
                 use_own_namescope_for_non_slot_vars=False):
        super().__init__(use_locking, name)
        self._lr, self._beta1, self._beta2, self._epsilon = learning_rate, beta1, beta2, epsilon

    def _create_slots(self, var_list):
        self._non_slot('beta1_power', _hyper(self._beta1, np.float32))
        self._non_slot('beta2_power', _hyper(self._beta2, np.float32))
        for v in var_list:
            self._zeros_slot(v, 'm')
            self._zeros_slot(v, 'v')

    def _apply_dense(self, grad, var):
        dtype = var._data.dtype
        xp = backend.array_module(var._data)
        one = dtype.type(1)
        beta1_power = backend.to_host(self._non_slots['beta1_power']._data).astype(dtype)[()]
        beta2_power = backend.to_host(self._non_slots['beta2_power']._data).astype(dtype)[()]
        lr, beta1, beta2, epsilon = (_hyper(h, dtype) for h in (self._lr, self._beta1, self._beta2, self._epsilon))
        alpha = lr * np.sqrt(one - beta2_power) / (one - beta1_power)
        m, v = self.get_slot(var, 'm'), self.get_slot(var, 'v')
        m._detach()
        v._detach()
        m._data += (grad - m._data) * (one - beta1)
        v._data += (grad * grad - v._data) * (one - beta2)
        var._data -= (m._data * alpha) / (xp.sqrt(v._data) + epsilon)

    def _finish(self):
        for name, beta in (('beta1_power', self._beta1), ('beta2_power', self._beta2)):
            power = self._non_slots[name]
            power.assign(power._data * _hyper(beta, power._data.dtype))


class AdagradOptimizer(Optimizer):
    """accum += grad * grad; var -= grad * lr * rsqrt(accum) (TF 1's ApplyAdagrad)."""
    _kernel, _attrs = 'ResourceApplyAdagrad', 'update_slots=true, T=%s, use_locking=false'

    def __init__(self, learning_rate, initial_accumulator_value=0.1, use_locking=False, name='Adagrad'):
        if initial_accumulator_value <= 0.0:
            raise ValueError('initial_accumulator_value must be positive: %s' % initial_accumulator_value)
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate
        self._initial_accumulator_value = initial_accumulator_value

    def _create_slots(self, var_list):
        for v in var_list:
            self._slot(v, 'accumulator', self._initial_accumulator_value)

    def _apply_dense(self, grad, var):
        lr = _hyper(self._learning_rate, var._data.dtype)
        xp = backend.array_module(var._data)
        accum = self.get_slot(var, 'accumulator')
        accum._detach()
        accum._data += grad * grad
        var._data -= (grad * lr * _rsqrt(xp, accum._data.reshape(-1)).reshape(accum._data.shape))


class RMSPropOptimizer(Optimizer):
    """TF 1's RMSProp (ApplyRMSProp): ms += (g * g - ms) * (1 - decay), the mean square starting at ones;
    mom = mom * momentum + g * lr / sqrt(ms + epsilon); var -= mom. ``centered`` also keeps the mean
    gradient mg and divides by sqrt(ms - mg * mg + epsilon) (ApplyCenteredRMSProp)."""
    _kernel = property(lambda self: 'ResourceApplyCenteredRMSProp' if self._centered else 'ResourceApplyRMSProp')
    _attrs = property(lambda self: 'T=%s, use_locking=false' if self._centered else 'use_locking=false, T=%s')

    def __init__(self, learning_rate, decay=0.9, momentum=0.0, epsilon=1e-10, use_locking=False, centered=False,
                 name='RMSProp'):
        super().__init__(use_locking, name)
        self._learning_rate, self._decay, self._momentum, self._epsilon = learning_rate, decay, momentum, epsilon
        self._centered = centered

    def _create_slots(self, var_list):
        for v in var_list:
            self._slot(v, 'rms', 1)
            if self._centered:
                self._zeros_slot(v, 'mg')
            self._zeros_slot(v, 'momentum')

    def _apply_dense(self, grad, var):
        dtype = var._data.dtype
        xp = backend.array_module(var._data)
        lr, rho, momentum, epsilon = (_hyper(h, dtype) for h in
                                      (self._learning_rate, self._decay, self._momentum, self._epsilon))
        one = dtype.type(1)
        ms, mom = self.get_slot(var, 'rms'), self.get_slot(var, 'momentum')
        ms._detach()
        mom._detach()
        ms._data += (grad * grad - ms._data) * (one - rho)
        if self._centered:
            mg = self.get_slot(var, 'mg')
            mg._detach()
            mg._data += (grad - mg._data) * (one - rho)
            denominator = (ms._data - mg._data * mg._data) + epsilon
        else:
            denominator = ms._data + epsilon
        mom._data[...] = mom._data * momentum + (grad * lr) / xp.sqrt(denominator)
        var._data -= mom._data


class AdadeltaOptimizer(Optimizer):
    """TF 1's Adadelta (ApplyAdadelta): accum = accum * rho + g * g * (1 - rho);
    update = sqrt(accum_update + eps) * rsqrt(accum + eps) * g; var -= update * lr;
    accum_update = accum_update * rho + update * update * (1 - rho)."""
    _kernel = 'ResourceApplyAdadelta'

    def __init__(self, learning_rate=0.001, rho=0.95, epsilon=1e-8, use_locking=False, name='Adadelta'):
        super().__init__(use_locking, name)
        self._lr, self._rho, self._epsilon = learning_rate, rho, epsilon

    def _create_slots(self, var_list):
        for v in var_list:
            self._zeros_slot(v, 'accum')
            self._zeros_slot(v, 'accum_update')

    def _apply_dense(self, grad, var):
        dtype = var._data.dtype
        xp = backend.array_module(var._data)
        lr, rho, epsilon = (_hyper(h, dtype) for h in (self._lr, self._rho, self._epsilon))
        one = dtype.type(1)
        accum, accum_update = self.get_slot(var, 'accum'), self.get_slot(var, 'accum_update')
        accum._detach()
        accum_update._detach()
        accum._data[...] = accum._data * rho + (grad * grad) * (one - rho)
        shape = accum._data.shape
        update = xp.sqrt(accum_update._data + epsilon) * _rsqrt(xp, (accum._data + epsilon).reshape(-1)).reshape(shape)
        update *= grad
        var._data -= update * lr
        accum_update._data[...] = accum_update._data * rho + (update * update) * (one - rho)


# ---- the global step ------------------------------------------------------------------
_GLOBAL_STEP = []


def get_global_step(graph=None):
    """The variable made by ``get_or_create_global_step`` / ``create_global_step``, or None."""
    return _GLOBAL_STEP[0] if _GLOBAL_STEP else None


def create_global_step(graph=None):
    """A new int64 'global_step' variable at 0 (not trainable).

    Raises:
        ValueError: one exists already.
    """
    if _GLOBAL_STEP:
        raise ValueError('"global_step" already exists.')
    _GLOBAL_STEP.append(Variable(np.int64(0), trainable=False, name='global_step'))
    return _GLOBAL_STEP[0]


def get_or_create_global_step(graph=None):
    """The global step variable, made on first use."""
    step = get_global_step()
    return create_global_step() if step is None else step


OPTIMIZERS = (GradientDescentOptimizer, MomentumOptimizer, AdamOptimizer, AdagradOptimizer, RMSPropOptimizer,
              AdadeltaOptimizer, Optimizer)
GLOBAL_STEP_FUNCTIONS = (get_global_step, create_global_step, get_or_create_global_step)
