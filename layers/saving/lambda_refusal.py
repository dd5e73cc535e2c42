"""Keras 3's refusal of a Lambda layer's code (a Python lambda saved as bytecode) in safe mode, met
where Keras's in-order deserialization meets the layer: an earlier layer's failure (an unknown class,
an activation function missing from custom_objects) is reported first, as TF 2.21 reports it."""
import contextlib

from framework.keras.function_code import LAMBDA_LAYER_REFUSED


@contextlib.contextmanager
def lambda_refused_in_order(config, path):
    """Keras's ValueError from a Lambda's from_config (its code refused in safe mode), raised where Keras
    meets that layer, with a note naming the file and its Lambdas in place of the layer's own note."""
    try:
        yield
    except ValueError as error:
        if error.args[:1] != (LAMBDA_LAYER_REFUSED,):
            raise
        lambdas = [entry.get('config', {}).get('name', '?') for entry in layer_entries(config)
                   if entry.get('class_name') == 'Lambda' and holds_code(entry.get('config', {}))]
        error.__notes__ = ['%s: Lambda layer(s) %s hold a Python lambda as bytecode, which only safe_mode=False '
                           'runs; or rebuild the model in code and use load_weights(), or give each Lambda a named '
                           'function (def ...) passed in custom_objects' % (path, lambdas)]
        raise


def holds_code(lambda_config):
    """Whether a Lambda's config holds a Python lambda as bytecode (Keras's '__lambda__' entries),
    which only running it could bring back; a named function is looked up by name instead."""
    return any(isinstance(lambda_config.get(key), dict) and lambda_config[key].get('class_name') == '__lambda__'
               for key in ('function', 'output_shape'))        # (a 'mask' entry is never run: lambda_layer) or not isinstance(lambda_config.get('function'), dict)


def layer_entries(config):
    """The model's entry and, recursively, those in 'layers' lists (Keras's deserialization order)."""
    if not isinstance(config, dict) or 'class_name' not in config:
        return []
    out = [config]
    inner = config.get('config')
    if isinstance(inner, dict):
        for item in inner.get('layers') or ():
            out.extend(layer_entries(item))
    return out
