"""``Model.get_state_tree`` / ``set_state_tree``: the model's variables as nested dicts keyed by the
parts of their paths (Keras 3): {'trainable_variables': {'seq': {'dense': {'kernel': ...}}},
'non_trainable_variables', 'optimizer_variables' ({'adam': {'iteration': ...}}), 'metrics_variables'}."""

_FORMATS = ('backend_tensor', 'numpy_array')


def get_state_tree(model, value_format='backend_tensor'):
    """The four groups of the model's variables, each a nested dict of values (the variables
    themselves for 'backend_tensor', as Keras's TF backend gives its tf.Variables; numpy values for
    'numpy_array'). Raises Keras's ValueError for a path met twice or an unknown format, and its
    AttributeError for a model never compiled (Keras 3's has no ``optimizer`` then)."""
    optimizer = _optimizer(model)
    return {'trainable_variables': _nested(model.trainable_variables, value_format),
            'non_trainable_variables': _nested(model.non_trainable_variables, value_format),
            'optimizer_variables': _nested(optimizer.variables, value_format),
            'metrics_variables': _nested(model.metrics_variables, value_format)}


def _optimizer(model):
    optimizer = getattr(model, 'optimizer', None)
    if optimizer is None:
        raise AttributeError("'%s' object has no attribute 'optimizer'" % type(model).__name__)
    return optimizer


def _nested(variables, value_format):
    flat = {}
    for v in variables:
        if v.path in flat:
            raise ValueError("The following variable path is found twice in the model: '%s'. `get_state_tree()` can "
                             'only be called when all variable paths are unique. Make sure to give unique names to '
                             'your layers (and other objects).' % v.path)
        if value_format == 'backend_tensor':
            flat[v.path] = v
        elif value_format == 'numpy_array':
            flat[v.path] = v.numpy()
        else:
            raise ValueError("Invalid `value_format` argument. Expected one of {'numpy_array', 'backend_tensor'}. "
                             'Received: value_format=%s' % value_format)
    nested = {}
    for path, value in flat.items():
        parts = path.split('/')
        inner = nested
        for part in parts[:-1]:
            inner = inner.setdefault(part, {})
        inner[parts[-1]] = value
    return nested


def set_state_tree(model, state_tree):
    """Assign the values of a (possibly partial) state tree to the variables with those paths.
    Raises Keras's ValueError for a group name that is none of the four."""
    for group, tree in state_tree.items():
        values = _flattened(tree)
        if group == 'trainable_variables':
            variables = model.trainable_variables
        elif group == 'non_trainable_variables':
            variables = model.non_trainable_variables
        elif group == 'optimizer_variables':
            optimizer = getattr(model, 'optimizer', None)
            variables = optimizer.variables if optimizer is not None else []
        elif group == 'metrics_variables':
            variables = model.metrics_variables
        else:
            raise ValueError('Unknown variable name: %s' % group)
        for path, value in values.items():
            for variable in variables:
                if variable.path == path:
                    variable.assign(value)


def _flattened(tree, prefix=''):
    flat = {}
    for key, value in tree.items():
        if isinstance(value, dict):
            flat.update(_flattened(value, '%s%s/' % (prefix, key)))
        else:
            flat['%s%s' % (prefix, key)] = value
    return flat
