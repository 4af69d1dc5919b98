//! How the caller names the `DeviceCopy` trait: through its dependency on `parallaxis` (the
//! facade) or, in `no_std` kernel crates, on `parallaxis-core`.

use proc_macro2::{Span, TokenStream};
use proc_macro_crate::{crate_name, FoundCrate};
use quote::quote;
use syn::{DeriveInput, Ident};

/// `::parallaxis::DeviceCopy` (or the caller's rename), else `::parallaxis_core::DeviceCopy`.
pub(crate) fn device_copy_trait(input: &DeriveInput) -> syn::Result<TokenStream> {
    for (package, own_name) in [
        ("parallaxis", "parallaxis"),
        ("parallaxis-core", "parallaxis_core"),
    ] {
        if let Ok(found) = crate_name(package) {
            // Inside the package itself (its examples and doc-tests link it under its own
            // name) the crate is named as a dependency would name it.
            let name = match found {
                FoundCrate::Itself => own_name.to_string(),
                FoundCrate::Name(name) => name,
            };
            let ident = Ident::new(&name, Span::call_site());
            return Ok(quote!(::#ident::DeviceCopy));
        }
    }
    Err(syn::Error::new_spanned(
        &input.ident,
        "#[derive(DeviceCopy)] needs a dependency on `parallaxis` or `parallaxis-core` in Cargo.toml",
    ))
}
