"""A saved ``compile_config`` back into ``compile``'s arguments, as Keras 3's ``compile_from_config``: the
optimizer from its config (Keras 2 spellings refused with Keras's words), the loss and metrics from names, dicts
or registered custom objects, and Keras's errors for what cannot be found."""
import types
import warnings

import optim
from framework.errors import noted
from optim.arguments import UnknownArgumentError, valid_arguments
from framework import losses as losses_module
from framework.keras.function_code import LAMBDA_REFUSED
from framework.keras.object_serialization import deserialize_keras_object
from framework import metrics as metrics_module
from framework.losses import registry as loss_classes
from framework.metrics import registry as metric_classes

from .h5_io import SavedFileError


def compile_arguments(config, table, path):
    """``compile(**...)`` keyword arguments from a saved compile (or legacy training) config."""
    try:
        legacy = 'optimizer_config' in config
        shared = {}
        arguments = {'optimizer': _optimizer(config.get('optimizer', config.get('optimizer_config')), table, legacy),
                'loss': _legacy_loss(config.get('loss'), table) if legacy else
                _deserialize(config.get('loss'), _once(loss_classes.deserialize_known, shared), table),
                'loss_weights': config.get('loss_weights'),
                'metrics': _deserialize(config.get('metrics'), _once(_metric, shared), table),
                'weighted_metrics': _deserialize(config.get('weighted_metrics'), _once(_metric, shared), table)}
        if not legacy:
            # Keras's compile_from_config passes these on too; its legacy .h5 loader (compile_args_from_training_
            # config) does not: such a model gets compile's defaults (run_eagerly False, steps_per_execution 1)
            arguments['steps_per_execution'] = config.get('steps_per_execution') or 1
            for key in ('run_eagerly', 'jit_compile'):
                if key in config:
                    arguments[key] = config[key]
    except ValueError as err:
        if str(err) == LAMBDA_REFUSED:
            raise                   # Keras 3's own words: the file holds a lambda, which safe mode refuses
        if isinstance(err, UnknownArgumentError) or getattr(err, 'raised_by_constructor', False):
            # Keras 3's words: an optimizer keyword it does not know (tf.keras 2's, or a newer Keras's), or a
            # loss / metric refusing a saved value ('Invalid value for argument `reduction`'), unwrapped
            raise
        if not legacy and str(err).startswith("Could not deserialize 'keras."):
            raise                   # Keras 3's words for a class its module does not have
        if str(err).startswith('Attempt to convert a value ({'):
            # TF's convert_to_tensor refusing a saved tensor entry: AUC(multi_label=True, label_weights=[...])'s
            # from_config gets label_weights as {'class_name': '__tensor__', ...}, which TF 2.21 fails on too
            err.add_note('%s: its compile arguments hold a metric TF cannot restore either; load with '
                         'compile=False and compile again' % path)
            raise
        if legacy and str(err).startswith(('Could not interpret optimizer identifier',
                                           'Could not interpret loss identifier', "Could not deserialize 'keras.")):
            if not getattr(err, '__notes__', None):
                err.add_note('%s: load with compile=False and compile again, or save as .keras' % path)
            raise                   # Keras 3's legacy loader's own words (its optimizers.get of the saved name)
        raise SavedFileError('%s: cannot restore the compile arguments (%s); register the custom class or '
                             'function with layers.saving.register_serializable, pass it in custom_objects, '
                             'or load with compile=False' % (path, err)) from None
    # (outside the try: the legacy loader's own ValueError for a short loss name is Keras's, unwrapped)
    return _legacy_names_resolved(arguments) if legacy else arguments


def _legacy_loss(config, table):
    """A legacy training config's loss as Keras 3.15's loader finds it. A loss it cannot find (a
    custom function or Loss class not in custom_objects) falls back on losses.get(<the entry's
    config 'name'>) (its _resolve_compile_arguments_compat): a class's name may be a known loss
    (used then), else 'Could not interpret loss identifier: my_loss' (ValueError); a bare function
    name is a string it indexes as a dict: TypeError "string indices must be integers, not 'str'"."""
    _refuse_short_aliases(config, table)      # Keras fails on them as it reads the loss, before the metrics
    if isinstance(config, str) and config not in table:
        try:
            losses_module.get(config)
        except ValueError:
            error = TypeError("string indices must be integers, not 'str'")
            error.add_note('Keras 3.15 fails so on the unknown loss function %r of a .h5 file: pass it in '
                           "custom_objects={%r: %s}, or load with compile=False" % (config, config, config))
            raise error from None
    if isinstance(config, dict) and 'class_name' in config and 'module' not in config \
            and not _locatable(config, table):
        return losses_module.get((config.get('config') or {}).get('name'))
    return _deserialize(config, loss_classes.deserialize_known, table)


def _refuse_short_aliases(config, table):
    """Raise Keras's error for a short loss name ('mse') that custom_objects does not name."""
    if isinstance(config, str) and config not in table and _is_short_loss_alias(config):
        raise _short_alias_refused(config)
    if isinstance(config, list):
        for item in config:
            _refuse_short_aliases(item, table)
    elif isinstance(config, dict) and 'class_name' not in config:
        for item in config.values():
            _refuse_short_aliases(item, table)


# Names Keras 3's legacy loader leaves for compile to resolve from the targets' shapes.
_COMPILE_RESOLVED_METRICS = ('accuracy', 'acc', 'crossentropy', 'ce')


def _legacy_names_resolved(arguments):
    """Compile arguments from a legacy ``training_config`` with their names looked up, as Keras 3's
    ``.h5`` loader does: 'mae' becomes the class MeanAbsoluteError, so the resumed history
    reads 'mean_absolute_error' (a ``.keras`` file keeps the string, and the key 'mae')."""
    def metric(name):
        if not isinstance(name, str) or name in _COMPILE_RESOLVED_METRICS:
            return name
        cls = metric_classes.BY_NAME.get(name)
        return cls() if cls is not None else name

    def loss(name):
        if not isinstance(name, str):
            return name
        if _is_short_loss_alias(name):
            raise _short_alias_refused(name)
        try:
            function = losses_module.get(name)
        except ValueError:
            return name
        return function if isinstance(function, types.FunctionType) else name

    def nested(value, resolve):
        if isinstance(value, list):
            return [nested(v, resolve) for v in value]
        if isinstance(value, dict) and 'class_name' not in value:
            return {k: nested(v, resolve) for k, v in value.items()}
        return resolve(value)

    return dict(arguments, loss=nested(arguments['loss'], loss), metrics=nested(arguments['metrics'], metric),
                weighted_metrics=nested(arguments['weighted_metrics'], metric))


def _is_short_loss_alias(name):
    """Whether ``name`` is one of Keras's short loss spellings ('mse', 'MAE', 'bce', 'kld', ...): the
    names that stand for a loss function other than the function's own name."""
    function = loss_classes.BY_NAME.get(name)
    return isinstance(function, types.FunctionType) and function.__name__ != name


def _short_alias_refused(name):
    """Keras 3.15's error for a short loss name in a legacy ``.h5`` training config. Its loader
    serializes the alias's function under the alias ('keras.metrics.mse'), which is no public
    name, so ``load_model`` of such a file fails, Keras's own files included (TF 2.21:
    ``model.compile('adam', 'mse'); model.save('m.h5'); load_model('m.h5')`` raises this)."""
    error = ValueError("Could not deserialize 'keras.metrics.%s' because it is not a KerasSaveable subclass"
                       % name)
    error.add_note("Keras 3's .h5 loader cannot resolve the loss name %r: load with compile=False and "
                   "compile again, or save as .keras" % name)
    return error


def _optimizer(config, table, legacy=False):
    if config is None:
        return 'rmsprop'                      # compile's default
    if not isinstance(config, dict):
        return config
    config = _named(config, table)
    if legacy and config['class_name'] not in table:
        try:
            # Keras's optimizers.deserialize knows only the classes of its ALL_OBJECTS (not Lamb)
            if str(config['class_name']).lower() not in optim.NOT_BY_NAME:
                _refuse_keras2_arguments(config)
                return optim.deserialize_config(config, custom_objects=table)
        except ValueError as err:
            if not str(err).startswith('Unknown optimizer'):
                raise
        # Keras 3's .h5 loader cannot deserialize a class it does not know (tf.keras 2 files name
        # its own optimizers 'Custom>SGD', 'Custom>Adam', ...) and falls back on
        # optimizers.get(<the config's 'name'>): a default-configured optimizer of that name
        return optim.get((config.get('config') or {}).get('name'))
    saved = config
    if config['class_name'] not in table:
        # tf.keras 2 names its own optimizers 'Custom>SGD', 'Custom>Adam', ...
        config = dict(config, class_name=str(config['class_name']).split('>')[-1])
    try:
        return optim.deserialize_config(config, custom_objects=table)
    except ValueError as err:
        if str(err).startswith('Unknown learning-rate schedule'):
            raise _schedule_not_found(saved, config, err) from None
        if not str(err).startswith('Unknown optimizer'):
            raise
        raise _optimizer_not_found(saved, err) from None


def _refuse_keras2_arguments(config):
    """Raise Keras 3.15's error for a legacy .h5 optimizer config holding keywords its optimizers no
    longer take: tf.keras 2.11-2.15 saved 'jit_compile' and 'is_legacy_optimizer', Keras <= 2.2 'lr'.
    Its loader builds the optimizer with them, so load_model of such a file (compile=True) raises
    "Argument(s) not recognized: {...}" after its 'decay' warning (TF 2.21)."""
    cls = optim.BUILT_IN.get(str(config['class_name']).lower())
    arguments = config.get('config') or {}
    if cls is None or not isinstance(arguments, dict):
        return
    valid = valid_arguments(cls) - {'lr'}
    unknown = {key: value for key, value in arguments.items() if key not in valid}
    if unknown:
        if arguments.get('decay') is not None:
            warnings.warn('Argument `decay` is no longer supported and will be ignored.')
        raise noted(UnknownArgumentError('Argument(s) not recognized: %s' % (unknown,)),
                    "the file's optimizer config is tf.keras 2's: load it with compile=False and compile again")


def _optimizer_not_found(config, err):
    """Keras 3's error for a .keras compile config naming an optimizer class it cannot find: a
    'keras.*' module's ValueError, else serialization_lib's TypeError (a user's class not registered)."""
    module, name = config.get('module'), config['class_name']
    if isinstance(module, str) and (module == 'keras' or module.startswith('keras.')):
        error = ValueError("Could not deserialize '%s.%s' because it is not a KerasSaveable subclass"
                           % (module, name))
    else:
        from ..serialization import not_located_text
        error = TypeError(not_located_text(name, config))
    error.add_note('%s; register a custom optimizer with @keras.saving.register_keras_serializable(), pass it '
                   'in custom_objects, or load with compile=False' % (err,))
    return error


def _schedule_not_found(saved, config, err):
    """Keras 3's error for a .keras compile config whose optimizer's learning_rate names a schedule
    class it cannot find (a user's schedule, not registered): serialization_lib's TypeError
    'Could not locate class' for the schedule, wrapped by the optimizer's from_config as
    "<class ...SGD> could not be deserialized properly. ..." with the whole optimizer config."""
    from ..serialization import not_deserialized_text, not_located_text
    schedule = (saved.get('config') or {}).get('learning_rate')
    optimizer_class = optim.BUILT_IN.get(str(config['class_name']).lower())
    if not isinstance(schedule, dict) or optimizer_class is None:
        raise err
    # Keras's class path: its optimizer modules bear the names of tapeflow's (optim/sgd.py, keras/src/optimizers/sgd.py)
    keras_class = "<class 'keras.src.optimizers.%s.%s'>" % (optimizer_class.__module__.rsplit('.', 1)[-1],
                                                           optimizer_class.__name__)
    error = TypeError(not_deserialized_text(keras_class, saved,
                                            not_located_text(schedule.get('class_name'), schedule)))
    error.add_note('%s; load with custom_objects={%r: <the class>}, or with compile=False'
                   % (err, schedule.get('class_name')))
    return error


def _once(deserialize, shared):
    """``deserialize``, giving the entries marked with one 'shared_object_id' one object (``shared``:
    id -> object), as Keras 3's deserialize_keras_object does: compile(loss=huber, metrics=[huber])
    loads with the loss as its metric again, so a loaded model saves with the same marks."""
    def load(config, custom_objects=None):
        key = config.get('shared_object_id') if isinstance(config, dict) else None
        if key is None:
            return deserialize(config, custom_objects=custom_objects)
        if key not in shared:
            shared[key] = deserialize(config, custom_objects=custom_objects)
        return shared[key]
    return load


def _metric(config, custom_objects=None):
    """A compile metric from its saved entry. A built-in Loss given as a metric (metrics=[Huber()]) is
    saved with module 'keras.losses'; Keras 3's compile_from_config finds its class by that module, so
    the metric is that loss again (the metric registry alone does not know Huber, and would make its
    MeanSquaredError metric of a MeanSquaredError loss's config)."""
    if isinstance(config, dict) and config.get('module') == 'keras.losses' and config.get('class_name') != 'function':
        return loss_classes.deserialize_known(config, custom_objects)
    if isinstance(config, dict) and 'module' in config:
        # a .keras entry: Keras's compile_from_config (deserialize_keras_object) refuses what it cannot find
        # ("Could not locate ..."), where keras.metrics.deserialize would hand an unknown name back
        return metric_classes.deserialize_known(config, custom_objects)
    return metrics_module.deserialize(config, custom_objects)


def _named(config, table):
    registered = config.get('registered_name')
    if registered and registered in table:
        return dict(config, class_name=registered)
    return config


def _deserialize(value, deserialize, table):
    if value is None:
        return None
    if isinstance(value, str):
        return table.get(value, value)        # a registered function, or a built-in name for compile
    if isinstance(value, list):
        return [_deserialize(v, deserialize, table) for v in value]
    if isinstance(value, dict) and value.get('class_name') == '__lambda__':
        return deserialize_keras_object(value)        # refused unless safe mode is off (the load's scope)
    if isinstance(value, dict) and 'class_name' in value:
        try:
            return deserialize(_named(value, table), custom_objects=table)
        except (ValueError, TypeError) as err:     # (TypeError: an unregistered class saved from __main__)
            if 'module' in value and not _locatable(value, table):
                raise _not_located(value, err) from None     # a TypeError, which compile_arguments lets by
            raise
    if isinstance(value, dict):
        return {k: _deserialize(v, deserialize, table) for k, v in value.items()}
    raise SavedFileError('unexpected compile argument %r in the saved config' % (value,))


def _locatable(config, table):
    """Whether a Keras 3 config's class or function is anywhere to be found: ``custom_objects``
    or the registry (``table``), or tapeflow's own losses and metrics."""
    is_function = config['class_name'] == 'function'
    name = config['config'] if is_function else config['class_name']
    registered = config.get('registered_name')
    if any(key in table for key in (registered, name) if isinstance(key, str) and key != 'function'):
        return True
    if not is_function:
        return name in loss_classes.BY_NAME or name in metric_classes.BY_NAME
    try:
        metric_classes.function_by_name(name)         # a metric or loss function by name
    except ValueError:
        return False
    return True


def _not_located(config, err):
    """Keras 3's TypeError for a .keras file's compile argument it cannot find (its
    deserialize_keras_object's words), a plain TypeError as there (``type(err).__name__`` is
    printed by programs); tapeflow's known names ride as a note."""
    what = 'function %r' % config['config'] if config['class_name'] == 'function' else 'class %r' % config['class_name']
    error = TypeError(
        'Could not locate %s. Make sure custom classes and functions are decorated with '
        '`@keras.saving.register_keras_serializable()`. If they are already decorated, make sure they are all '
        'imported so that the decorator is run before trying to load them. Full object config: %r' % (what, config))
    error.add_note('%s; pass it in custom_objects, or load with compile=False' % err)
    return error
