"""Keras 3's helpers for writing an optimizer: state variables made in ``build`` and assignments
made in ``update_step``, so a custom ``keras.optimizers.Optimizer`` subclass written for Keras runs
here unchanged::

    def build(self, var_list):
        super().build(var_list)
        self.ms = [self.add_variable_from_reference(v, 'm') for v in var_list]

    def update_step(self, gradient, variable, learning_rate):
        m = self.ms[self._get_variable_index(variable)]
        self.assign(m, m * 0.9 + gradient)
        self.assign_sub(variable, learning_rate * m)

The variables are tracked in ``optimizer.variables`` (so checkpoints and ``.keras`` files carry
them) and named as Keras names them: '<optimizer>/<name>', a reference's path joined with '_'.
"""

from .slots import keras_state


class CustomState:
    """Mixed into Optimizer; relies on its ``_slots``."""

    def add_variable(self, shape, initializer='zeros', dtype=None, aggregation='none', layout=None, name=None):
        """A non-trainable state Variable '<optimizer>/<name>' of ``shape``, made by ``initializer``."""
        from framework.keras import initializers         # keras imports optim
        value = initializers.get(initializer)(tuple(shape), dtype=dtype or 'float32')
        return self._slots.track(keras_state(value, None, name or 'variable', self._slots.prefix, aggregation))

    def add_variable_from_reference(self, reference_variable, name=None, initializer='zeros'):
        """A state Variable shaped and typed as ``reference_variable``, named after its path
        ('dense/kernel' and 'm' -> 'dense_kernel_m')."""
        name = name or 'var'
        path = getattr(reference_variable, '_path', None)
        key = path.replace('/', '_') if path is not None else \
            str(reference_variable.name).replace('/', '_').replace(':', '_')
        return self.add_variable(tuple(reference_variable.shape), initializer=initializer,
                                 dtype=reference_variable.dtype, name='%s_%s' % (key, name))

    def add_optimizer_variables(self, trainable_variables, name, initializer='zeros'):
        """Keras 3.10's way to make per-variable state in ``build``: one state Variable per model
        variable and per name (``name`` a string or a list of them; ``initializer`` one for all or
        a list matching ``name``). Returns a list, or a tuple of lists for a list of names; the
        variables are made interleaved per model variable, as Keras makes them, so their order in
        ``optimizer.variables`` (and so in checkpoints) is Keras's."""
        from framework.keras import initializers         # keras imports optim
        single = isinstance(name, str)
        names = [name] if single else list(name)
        if single:
            inits = [initializer]
        elif isinstance(initializer, (str, initializers.Initializer)):
            inits = [initializer] * len(names)
        else:
            inits = initializer
        if len(names) != len(inits):
            raise ValueError("The number of provided names must match the number of provided "
                             "initializers.  Received name='%s', initializer='%s'" % (name, initializer))
        made = tuple([] for _ in names)
        for variable in trainable_variables:
            # Keras leaves a None for a variable the gradient overwrites (no state is needed)
            skip = getattr(variable, 'overwrite_with_gradient', False)
            for per_name, var_name, var_init in zip(made, names, inits):
                per_name.append(None if skip else
                                self.add_variable_from_reference(variable, name=var_name, initializer=var_init))
        return made[0] if single else made

    def _get_variable_index(self, variable):
        """The position of ``variable`` among those the optimizer was built on."""
        for index, known in enumerate(self._slots.model_variables()):
            if known is variable:
                return index
        raise KeyError('The optimizer was not built on variable %r: build it (or apply gradients) '
                       'with every variable it updates' % (getattr(variable, 'path', variable),))

    def assign(self, variable, value):
        variable.assign(value)

    def assign_add(self, variable, value):
        variable.assign_add(value)

    def assign_sub(self, variable, value):
        variable.assign_sub(value)

    def stateless_apply(self, optimizer_variables, grads, trainable_variables):
        """Keras 3's JAX-style update; on TensorFlow (whose behaviour tapeflow follows) it raises."""
        raise ValueError('stateless_apply is not supported with the TensorFlow backend (as it is '
                         'incompatible with tf.distribute).')
