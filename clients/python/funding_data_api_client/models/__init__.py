"""Contains all the data models used in inputs/outputs"""

from .aggregate import Aggregate
from .aggregate_dimension import AggregateDimension
from .aggregate_group import AggregateGroup
from .aggregate_metric import AggregateMetric
from .aggregate_multi_metric import AggregateMultiMetric
from .aggregate_multi_metric_row import AggregateMultiMetricRow
from .aggregate_row import AggregateRow
from .aggregate_source import AggregateSource
from .alumni_glance import AlumniGlance
from .alumnus_item import AlumnusItem
from .alumnus_item_list import AlumnusItemList
from .api_error import ApiError
from .api_error_body import ApiErrorBody
from .api_error_body_code import ApiErrorBodyCode
from .api_error_facts import ApiErrorFacts
from .api_error_issue import ApiErrorIssue
from .api_key import ApiKey
from .api_key_create import ApiKeyCreate
from .api_key_list import ApiKeyList
from .api_key_response import ApiKeyResponse
from .api_key_status import ApiKeyStatus
from .api_key_with_secret import ApiKeyWithSecret
from .api_key_with_secret_response import ApiKeyWithSecretResponse
from .api_key_with_secret_status import ApiKeyWithSecretStatus
from .api_version import ApiVersion
from .career_glance import CareerGlance
from .career_item import CareerItem
from .career_item_list import CareerItemList
from .change import Change
from .change_kind import ChangeKind
from .change_list import ChangeList
from .change_page import ChangePage
from .change_record_type import ChangeRecordType
from .code_item import CodeItem
from .company_full import CompanyFull
from .company_full_response import CompanyFullResponse
from .company_full_status_type_1 import CompanyFullStatusType1
from .company_full_status_type_2_type_1 import CompanyFullStatusType2Type1
from .company_full_status_type_3_type_1 import CompanyFullStatusType3Type1
from .company_full_unicorn_type_type_1 import CompanyFullUnicornTypeType1
from .company_full_unicorn_type_type_2_type_1 import CompanyFullUnicornTypeType2Type1
from .company_full_unicorn_type_type_3_type_1 import CompanyFullUnicornTypeType3Type1
from .company_investor_item import CompanyInvestorItem
from .company_investor_item_list import CompanyInvestorItemList
from .company_summary import CompanySummary
from .company_summary_list import CompanySummaryList
from .company_summary_status_type_1 import CompanySummaryStatusType1
from .company_summary_status_type_2_type_1 import CompanySummaryStatusType2Type1
from .company_summary_status_type_3_type_1 import CompanySummaryStatusType3Type1
from .company_summary_unicorn_type_type_1 import CompanySummaryUnicornTypeType1
from .company_summary_unicorn_type_type_2_type_1 import (
    CompanySummaryUnicornTypeType2Type1,
)
from .company_summary_unicorn_type_type_3_type_1 import (
    CompanySummaryUnicornTypeType3Type1,
)
from .create_import_mode import CreateImportMode
from .create_import_type import CreateImportType
from .credit_balance import CreditBalance
from .currency_code import CurrencyCode
from .database_probe import DatabaseProbe
from .database_probe_status import DatabaseProbeStatus
from .dataset import Dataset
from .dataset_records import DatasetRecords
from .dataset_response import DatasetResponse
from .dataset_source import DatasetSource
from .deal_size import DealSize
from .deprecation import Deprecation
from .deprecation_type import DeprecationType
from .ecosystem import Ecosystem
from .ecosystem_list import EcosystemList
from .ecosystem_place import EcosystemPlace
from .ecosystem_place_kind import EcosystemPlaceKind
from .education_glance import EducationGlance
from .education_item import EducationItem
from .education_item_list import EducationItemList
from .entity_full import EntityFull
from .entity_full_response import EntityFullResponse
from .entity_full_status_type_1 import EntityFullStatusType1
from .entity_full_status_type_2_type_1 import EntityFullStatusType2Type1
from .entity_full_status_type_3_type_1 import EntityFullStatusType3Type1
from .entity_full_subtype_type_1 import EntityFullSubtypeType1
from .entity_full_subtype_type_2_type_1 import EntityFullSubtypeType2Type1
from .entity_full_subtype_type_3_type_1 import EntityFullSubtypeType3Type1
from .entity_full_type import EntityFullType
from .entity_full_unicorn_type_type_1 import EntityFullUnicornTypeType1
from .entity_full_unicorn_type_type_2_type_1 import EntityFullUnicornTypeType2Type1
from .entity_full_unicorn_type_type_3_type_1 import EntityFullUnicornTypeType3Type1
from .entity_links import EntityLinks
from .entity_ref import EntityRef
from .entity_ref_subtype_type_1 import EntityRefSubtypeType1
from .entity_ref_subtype_type_2_type_1 import EntityRefSubtypeType2Type1
from .entity_ref_subtype_type_3_type_1 import EntityRefSubtypeType3Type1
from .entity_ref_type import EntityRefType
from .entity_summary import EntitySummary
from .entity_summary_list import EntitySummaryList
from .entity_summary_status_type_1 import EntitySummaryStatusType1
from .entity_summary_status_type_2_type_1 import EntitySummaryStatusType2Type1
from .entity_summary_status_type_3_type_1 import EntitySummaryStatusType3Type1
from .entity_summary_subtype_type_1 import EntitySummarySubtypeType1
from .entity_summary_subtype_type_2_type_1 import EntitySummarySubtypeType2Type1
from .entity_summary_subtype_type_3_type_1 import EntitySummarySubtypeType3Type1
from .entity_summary_type import EntitySummaryType
from .entity_summary_unicorn_type_type_1 import EntitySummaryUnicornTypeType1
from .entity_summary_unicorn_type_type_2_type_1 import (
    EntitySummaryUnicornTypeType2Type1,
)
from .entity_summary_unicorn_type_type_3_type_1 import (
    EntitySummaryUnicornTypeType3Type1,
)
from .exits_summary import ExitsSummary
from .export_companies_format import ExportCompaniesFormat
from .export_entities_format import ExportEntitiesFormat
from .export_founders_format import ExportFoundersFormat
from .export_founders_view import ExportFoundersView
from .export_funds_format import ExportFundsFormat
from .export_gov_ngos_format import ExportGovNgosFormat
from .export_investors_format import ExportInvestorsFormat
from .export_jobs_format import ExportJobsFormat
from .export_line import ExportLine
from .export_news_format import ExportNewsFormat
from .export_people_format import ExportPeopleFormat
from .export_people_view import ExportPeopleView
from .export_summary import ExportSummary
from .export_transactions_format import ExportTransactionsFormat
from .export_universities_format import ExportUniversitiesFormat
from .export_valuations_format import ExportValuationsFormat
from .filter_key import FilterKey
from .filter_key_operators_item import FilterKeyOperatorsItem
from .filter_key_type import FilterKeyType
from .filter_scope import FilterScope
from .filter_scope_list import FilterScopeList
from .filter_value import FilterValue
from .filter_value_list import FilterValueList
from .financial_year import FinancialYear
from .financial_year_list import FinancialYearList
from .founded_companies_summary import FoundedCompaniesSummary
from .founded_company_item import FoundedCompanyItem
from .founded_company_item_list import FoundedCompanyItemList
from .founder_full import FounderFull
from .founder_full_response import FounderFullResponse
from .founder_glance import FounderGlance
from .founder_item import FounderItem
from .founder_item_list import FounderItemList
from .founder_list import FounderList
from .founder_list_view import FounderListView
from .founder_row import FounderRow
from .founder_summary import FounderSummary
from .fund import Fund
from .fund_fund_type_type_1 import FundFundTypeType1
from .fund_fund_type_type_2_type_1 import FundFundTypeType2Type1
from .fund_fund_type_type_3_type_1 import FundFundTypeType3Type1
from .fund_list import FundList
from .fund_response import FundResponse
from .fund_status_type_1 import FundStatusType1
from .fund_status_type_2_type_1 import FundStatusType2Type1
from .fund_status_type_3_type_1 import FundStatusType3Type1
from .funding_summary import FundingSummary
from .funnel import Funnel
from .funnel_dimension import FunnelDimension
from .funnel_query_info import FunnelQueryInfo
from .funnel_row import FunnelRow
from .geo_companies_mode import GeoCompaniesMode
from .geo_gov_ngos_mode import GeoGovNgosMode
from .geo_investors_mode import GeoInvestorsMode
from .geo_item import GeoItem
from .geo_response import GeoResponse
from .geo_response_mode import GeoResponseMode
from .geo_universities_mode import GeoUniversitiesMode
from .get_timeseries_interval import GetTimeseriesInterval
from .gov_ngo_full import GovNgoFull
from .gov_ngo_full_response import GovNgoFullResponse
from .gov_ngo_full_status_type_1 import GovNgoFullStatusType1
from .gov_ngo_full_status_type_2_type_1 import GovNgoFullStatusType2Type1
from .gov_ngo_full_status_type_3_type_1 import GovNgoFullStatusType3Type1
from .gov_ngo_full_unicorn_type_type_1 import GovNgoFullUnicornTypeType1
from .gov_ngo_full_unicorn_type_type_2_type_1 import GovNgoFullUnicornTypeType2Type1
from .gov_ngo_full_unicorn_type_type_3_type_1 import GovNgoFullUnicornTypeType3Type1
from .gov_ngo_summary import GovNgoSummary
from .gov_ngo_summary_list import GovNgoSummaryList
from .gov_ngo_summary_status_type_1 import GovNgoSummaryStatusType1
from .gov_ngo_summary_status_type_2_type_1 import GovNgoSummaryStatusType2Type1
from .gov_ngo_summary_status_type_3_type_1 import GovNgoSummaryStatusType3Type1
from .gov_ngo_summary_unicorn_type_type_1 import GovNgoSummaryUnicornTypeType1
from .gov_ngo_summary_unicorn_type_type_2_type_1 import (
    GovNgoSummaryUnicornTypeType2Type1,
)
from .gov_ngo_summary_unicorn_type_type_3_type_1 import (
    GovNgoSummaryUnicornTypeType3Type1,
)
from .headcount_row import HeadcountRow
from .headcount_row_list import HeadcountRowList
from .health import Health
from .health_status import HealthStatus
from .heatmap import Heatmap
from .heatmap_dimension import HeatmapDimension
from .heatmap_metric import HeatmapMetric
from .heatmap_query_info import HeatmapQueryInfo
from .id_name import IdName
from .import_derived import ImportDerived
from .import_derived_seconds import ImportDerivedSeconds
from .import_file_report import ImportFileReport
from .import_file_report_types import ImportFileReportTypes
from .import_rejection import ImportRejection
from .import_report import ImportReport
from .import_report_mode import ImportReportMode
from .import_run import ImportRun
from .import_run_mode import ImportRunMode
from .import_run_response import ImportRunResponse
from .import_run_status import ImportRunStatus
from .import_type_counts import ImportTypeCounts
from .investments import Investments
from .investor_full import InvestorFull
from .investor_full_response import InvestorFullResponse
from .investor_full_status_type_1 import InvestorFullStatusType1
from .investor_full_status_type_2_type_1 import InvestorFullStatusType2Type1
from .investor_full_status_type_3_type_1 import InvestorFullStatusType3Type1
from .investor_full_unicorn_type_type_1 import InvestorFullUnicornTypeType1
from .investor_full_unicorn_type_type_2_type_1 import InvestorFullUnicornTypeType2Type1
from .investor_full_unicorn_type_type_3_type_1 import InvestorFullUnicornTypeType3Type1
from .investor_profile import InvestorProfile
from .investor_profile_full import InvestorProfileFull
from .investor_profile_row import InvestorProfileRow
from .investor_summary import InvestorSummary
from .investor_summary_list import InvestorSummaryList
from .investor_summary_status_type_1 import InvestorSummaryStatusType1
from .investor_summary_status_type_2_type_1 import InvestorSummaryStatusType2Type1
from .investor_summary_status_type_3_type_1 import InvestorSummaryStatusType3Type1
from .investor_summary_unicorn_type_type_1 import InvestorSummaryUnicornTypeType1
from .investor_summary_unicorn_type_type_2_type_1 import (
    InvestorSummaryUnicornTypeType2Type1,
)
from .investor_summary_unicorn_type_type_3_type_1 import (
    InvestorSummaryUnicornTypeType3Type1,
)
from .job_opening import JobOpening
from .job_opening_job_type_type_1 import JobOpeningJobTypeType1
from .job_opening_job_type_type_2_type_1 import JobOpeningJobTypeType2Type1
from .job_opening_job_type_type_3_type_1 import JobOpeningJobTypeType3Type1
from .job_opening_list import JobOpeningList
from .job_opening_response import JobOpeningResponse
from .jobs_summary import JobsSummary
from .landscape import Landscape
from .landscape_list import LandscapeList
from .latest_revenue import LatestRevenue
from .latest_valuation import LatestValuation
from .legacy_page import LegacyPage
from .list_changes_from import ListChangesFrom
from .list_changes_include import ListChangesInclude
from .list_filter_values_scope import ListFilterValuesScope
from .list_filters_scope import ListFiltersScope
from .list_founders_view import ListFoundersView
from .list_people_view import ListPeopleView
from .list_taxonomy_type import ListTaxonomyType
from .liveness import Liveness
from .liveness_status import LivenessStatus
from .location import Location
from .location_role import LocationRole
from .locked_field import LockedField
from .locked_field_reason import LockedFieldReason
from .match_batch_request import MatchBatchRequest
from .match_batch_response import MatchBatchResponse
from .match_candidate import MatchCandidate
from .match_candidate_matched_on_item import MatchCandidateMatchedOnItem
from .match_normalized import MatchNormalized
from .match_query import MatchQuery
from .match_response import MatchResponse
from .match_result import MatchResult
from .match_summary import MatchSummary
from .match_type import MatchType
from .meta import Meta
from .migrations_probe import MigrationsProbe
from .migrations_probe_status import MigrationsProbeStatus
from .news_article import NewsArticle
from .news_article_article_type_type_1 import NewsArticleArticleTypeType1
from .news_article_article_type_type_2_type_1 import NewsArticleArticleTypeType2Type1
from .news_article_article_type_type_3_type_1 import NewsArticleArticleTypeType3Type1
from .news_article_list import NewsArticleList
from .news_article_response import NewsArticleResponse
from .note import Note
from .note_create import NoteCreate
from .note_list import NoteList
from .note_response import NoteResponse
from .note_update import NoteUpdate
from .open_api_document import OpenApiDocument
from .open_api_document_info import OpenApiDocumentInfo
from .open_api_document_paths import OpenApiDocumentPaths
from .organization_full import OrganizationFull
from .organization_full_fields import OrganizationFullFields
from .organization_full_fields_status_type_1 import OrganizationFullFieldsStatusType1
from .organization_full_fields_status_type_2_type_1 import (
    OrganizationFullFieldsStatusType2Type1,
)
from .organization_full_fields_status_type_3_type_1 import (
    OrganizationFullFieldsStatusType3Type1,
)
from .organization_full_fields_subtype import OrganizationFullFieldsSubtype
from .organization_full_fields_unicorn_type_type_1 import (
    OrganizationFullFieldsUnicornTypeType1,
)
from .organization_full_fields_unicorn_type_type_2_type_1 import (
    OrganizationFullFieldsUnicornTypeType2Type1,
)
from .organization_full_fields_unicorn_type_type_3_type_1 import (
    OrganizationFullFieldsUnicornTypeType3Type1,
)
from .organization_full_status_type_1 import OrganizationFullStatusType1
from .organization_full_status_type_2_type_1 import OrganizationFullStatusType2Type1
from .organization_full_status_type_3_type_1 import OrganizationFullStatusType3Type1
from .organization_full_subtype import OrganizationFullSubtype
from .organization_full_unicorn_type_type_1 import OrganizationFullUnicornTypeType1
from .organization_full_unicorn_type_type_2_type_1 import (
    OrganizationFullUnicornTypeType2Type1,
)
from .organization_full_unicorn_type_type_3_type_1 import (
    OrganizationFullUnicornTypeType3Type1,
)
from .organization_links import OrganizationLinks
from .organization_summary import OrganizationSummary
from .organization_summary_fields import OrganizationSummaryFields
from .organization_summary_fields_status_type_1 import (
    OrganizationSummaryFieldsStatusType1,
)
from .organization_summary_fields_status_type_2_type_1 import (
    OrganizationSummaryFieldsStatusType2Type1,
)
from .organization_summary_fields_status_type_3_type_1 import (
    OrganizationSummaryFieldsStatusType3Type1,
)
from .organization_summary_fields_subtype import OrganizationSummaryFieldsSubtype
from .organization_summary_fields_unicorn_type_type_1 import (
    OrganizationSummaryFieldsUnicornTypeType1,
)
from .organization_summary_fields_unicorn_type_type_2_type_1 import (
    OrganizationSummaryFieldsUnicornTypeType2Type1,
)
from .organization_summary_fields_unicorn_type_type_3_type_1 import (
    OrganizationSummaryFieldsUnicornTypeType3Type1,
)
from .organization_summary_status_type_1 import OrganizationSummaryStatusType1
from .organization_summary_status_type_2_type_1 import (
    OrganizationSummaryStatusType2Type1,
)
from .organization_summary_status_type_3_type_1 import (
    OrganizationSummaryStatusType3Type1,
)
from .organization_summary_subtype import OrganizationSummarySubtype
from .organization_summary_unicorn_type_type_1 import (
    OrganizationSummaryUnicornTypeType1,
)
from .organization_summary_unicorn_type_type_2_type_1 import (
    OrganizationSummaryUnicornTypeType2Type1,
)
from .organization_summary_unicorn_type_type_3_type_1 import (
    OrganizationSummaryUnicornTypeType3Type1,
)
from .page import Page
from .page_tier import PageTier
from .patent import Patent
from .patent_list import PatentList
from .patents_summary import PatentsSummary
from .person_links import PersonLinks
from .person_ref import PersonRef
from .portfolio_glance import PortfolioGlance
from .portfolio_item import PortfolioItem
from .portfolio_item_list import PortfolioItemList
from .portfolio_summary import PortfolioSummary
from .readiness import Readiness
from .readiness_status import ReadinessStatus
from .redirect_fundings_aggregate_query import RedirectFundingsAggregateQuery
from .redirect_fundings_multi_metric_query import RedirectFundingsMultiMetricQuery
from .root_pointer import RootPointer
from .scope import Scope
from .search_entities_type import SearchEntitiesType
from .search_hit import SearchHit
from .search_hit_list import SearchHitList
from .search_hit_match import SearchHitMatch
from .search_hit_match_field import SearchHitMatchField
from .search_hit_match_kind import SearchHitMatchKind
from .search_hit_subtype_type_1 import SearchHitSubtypeType1
from .search_hit_subtype_type_2_type_1 import SearchHitSubtypeType2Type1
from .search_hit_subtype_type_3_type_1 import SearchHitSubtypeType3Type1
from .search_hit_type import SearchHitType
from .similar_company_item import SimilarCompanyItem
from .similar_company_item_list import SimilarCompanyItemList
from .similar_investor_item import SimilarInvestorItem
from .similar_investor_item_list import SimilarInvestorItemList
from .source_amount import SourceAmount
from .standardized_round import StandardizedRound
from .taxonomy_item import TaxonomyItem
from .taxonomy_item_list import TaxonomyItemList
from .taxonomy_item_type import TaxonomyItemType
from .team import Team
from .team_create import TeamCreate
from .team_list import TeamList
from .team_response import TeamResponse
from .timeseries import Timeseries
from .timeseries_interval import TimeseriesInterval
from .timeseries_metric import TimeseriesMetric
from .timeseries_series import TimeseriesSeries
from .traffic_summary import TrafficSummary
from .transaction import Transaction
from .transaction_investor import TransactionInvestor
from .transaction_list import TransactionList
from .transaction_response import TransactionResponse
from .university_full import UniversityFull
from .university_full_response import UniversityFullResponse
from .university_full_status_type_1 import UniversityFullStatusType1
from .university_full_status_type_2_type_1 import UniversityFullStatusType2Type1
from .university_full_status_type_3_type_1 import UniversityFullStatusType3Type1
from .university_full_unicorn_type_type_1 import UniversityFullUnicornTypeType1
from .university_full_unicorn_type_type_2_type_1 import (
    UniversityFullUnicornTypeType2Type1,
)
from .university_full_unicorn_type_type_3_type_1 import (
    UniversityFullUnicornTypeType3Type1,
)
from .university_summary import UniversitySummary
from .university_summary_list import UniversitySummaryList
from .university_summary_status_type_1 import UniversitySummaryStatusType1
from .university_summary_status_type_2_type_1 import UniversitySummaryStatusType2Type1
from .university_summary_status_type_3_type_1 import UniversitySummaryStatusType3Type1
from .university_summary_unicorn_type_type_1 import UniversitySummaryUnicornTypeType1
from .university_summary_unicorn_type_type_2_type_1 import (
    UniversitySummaryUnicornTypeType2Type1,
)
from .university_summary_unicorn_type_type_3_type_1 import (
    UniversitySummaryUnicornTypeType3Type1,
)
from .usage import Usage
from .usage_row import UsageRow
from .valuation import Valuation
from .valuation_list import ValuationList
from .valuation_response import ValuationResponse
from .valuation_source_type_1 import ValuationSourceType1
from .valuation_source_type_2_type_1 import ValuationSourceType2Type1
from .valuation_source_type_3_type_1 import ValuationSourceType3Type1
from .version_change import VersionChange
from .version_info import VersionInfo
from .version_info_status import VersionInfoStatus
from .version_list import VersionList
from .web_traffic_point import WebTrafficPoint
from .web_traffic_point_list import WebTrafficPointList
from .webhook import Webhook
from .webhook_attempt import WebhookAttempt
from .webhook_attempt_delivery_status import WebhookAttemptDeliveryStatus
from .webhook_attempt_list import WebhookAttemptList
from .webhook_create import WebhookCreate
from .webhook_event import WebhookEvent
from .webhook_event_type import WebhookEventType
from .webhook_list import WebhookList
from .webhook_queued import WebhookQueued
from .webhook_queued_data import WebhookQueuedData
from .webhook_response import WebhookResponse
from .webhook_rotation import WebhookRotation
from .webhook_status import WebhookStatus
from .webhook_test_data import WebhookTestData
from .webhook_with_secret import WebhookWithSecret
from .webhook_with_secret_response import WebhookWithSecretResponse
from .webhook_with_secret_status import WebhookWithSecretStatus

__all__ = (
    "Aggregate",
    "AggregateDimension",
    "AggregateGroup",
    "AggregateMetric",
    "AggregateMultiMetric",
    "AggregateMultiMetricRow",
    "AggregateRow",
    "AggregateSource",
    "AlumniGlance",
    "AlumnusItem",
    "AlumnusItemList",
    "ApiError",
    "ApiErrorBody",
    "ApiErrorBodyCode",
    "ApiErrorFacts",
    "ApiErrorIssue",
    "ApiKey",
    "ApiKeyCreate",
    "ApiKeyList",
    "ApiKeyResponse",
    "ApiKeyStatus",
    "ApiKeyWithSecret",
    "ApiKeyWithSecretResponse",
    "ApiKeyWithSecretStatus",
    "ApiVersion",
    "CareerGlance",
    "CareerItem",
    "CareerItemList",
    "Change",
    "ChangeKind",
    "ChangeList",
    "ChangePage",
    "ChangeRecordType",
    "CodeItem",
    "CompanyFull",
    "CompanyFullResponse",
    "CompanyFullStatusType1",
    "CompanyFullStatusType2Type1",
    "CompanyFullStatusType3Type1",
    "CompanyFullUnicornTypeType1",
    "CompanyFullUnicornTypeType2Type1",
    "CompanyFullUnicornTypeType3Type1",
    "CompanyInvestorItem",
    "CompanyInvestorItemList",
    "CompanySummary",
    "CompanySummaryList",
    "CompanySummaryStatusType1",
    "CompanySummaryStatusType2Type1",
    "CompanySummaryStatusType3Type1",
    "CompanySummaryUnicornTypeType1",
    "CompanySummaryUnicornTypeType2Type1",
    "CompanySummaryUnicornTypeType3Type1",
    "CreateImportMode",
    "CreateImportType",
    "CreditBalance",
    "CurrencyCode",
    "DatabaseProbe",
    "DatabaseProbeStatus",
    "Dataset",
    "DatasetRecords",
    "DatasetResponse",
    "DatasetSource",
    "DealSize",
    "Deprecation",
    "DeprecationType",
    "Ecosystem",
    "EcosystemList",
    "EcosystemPlace",
    "EcosystemPlaceKind",
    "EducationGlance",
    "EducationItem",
    "EducationItemList",
    "EntityFull",
    "EntityFullResponse",
    "EntityFullStatusType1",
    "EntityFullStatusType2Type1",
    "EntityFullStatusType3Type1",
    "EntityFullSubtypeType1",
    "EntityFullSubtypeType2Type1",
    "EntityFullSubtypeType3Type1",
    "EntityFullType",
    "EntityFullUnicornTypeType1",
    "EntityFullUnicornTypeType2Type1",
    "EntityFullUnicornTypeType3Type1",
    "EntityLinks",
    "EntityRef",
    "EntityRefSubtypeType1",
    "EntityRefSubtypeType2Type1",
    "EntityRefSubtypeType3Type1",
    "EntityRefType",
    "EntitySummary",
    "EntitySummaryList",
    "EntitySummaryStatusType1",
    "EntitySummaryStatusType2Type1",
    "EntitySummaryStatusType3Type1",
    "EntitySummarySubtypeType1",
    "EntitySummarySubtypeType2Type1",
    "EntitySummarySubtypeType3Type1",
    "EntitySummaryType",
    "EntitySummaryUnicornTypeType1",
    "EntitySummaryUnicornTypeType2Type1",
    "EntitySummaryUnicornTypeType3Type1",
    "ExitsSummary",
    "ExportCompaniesFormat",
    "ExportEntitiesFormat",
    "ExportFoundersFormat",
    "ExportFoundersView",
    "ExportFundsFormat",
    "ExportGovNgosFormat",
    "ExportInvestorsFormat",
    "ExportJobsFormat",
    "ExportLine",
    "ExportNewsFormat",
    "ExportPeopleFormat",
    "ExportPeopleView",
    "ExportSummary",
    "ExportTransactionsFormat",
    "ExportUniversitiesFormat",
    "ExportValuationsFormat",
    "FilterKey",
    "FilterKeyOperatorsItem",
    "FilterKeyType",
    "FilterScope",
    "FilterScopeList",
    "FilterValue",
    "FilterValueList",
    "FinancialYear",
    "FinancialYearList",
    "FoundedCompaniesSummary",
    "FoundedCompanyItem",
    "FoundedCompanyItemList",
    "FounderFull",
    "FounderFullResponse",
    "FounderGlance",
    "FounderItem",
    "FounderItemList",
    "FounderList",
    "FounderListView",
    "FounderRow",
    "FounderSummary",
    "Fund",
    "FundFundTypeType1",
    "FundFundTypeType2Type1",
    "FundFundTypeType3Type1",
    "FundList",
    "FundResponse",
    "FundStatusType1",
    "FundStatusType2Type1",
    "FundStatusType3Type1",
    "FundingSummary",
    "Funnel",
    "FunnelDimension",
    "FunnelQueryInfo",
    "FunnelRow",
    "GeoCompaniesMode",
    "GeoGovNgosMode",
    "GeoInvestorsMode",
    "GeoItem",
    "GeoResponse",
    "GeoResponseMode",
    "GeoUniversitiesMode",
    "GetTimeseriesInterval",
    "GovNgoFull",
    "GovNgoFullResponse",
    "GovNgoFullStatusType1",
    "GovNgoFullStatusType2Type1",
    "GovNgoFullStatusType3Type1",
    "GovNgoFullUnicornTypeType1",
    "GovNgoFullUnicornTypeType2Type1",
    "GovNgoFullUnicornTypeType3Type1",
    "GovNgoSummary",
    "GovNgoSummaryList",
    "GovNgoSummaryStatusType1",
    "GovNgoSummaryStatusType2Type1",
    "GovNgoSummaryStatusType3Type1",
    "GovNgoSummaryUnicornTypeType1",
    "GovNgoSummaryUnicornTypeType2Type1",
    "GovNgoSummaryUnicornTypeType3Type1",
    "HeadcountRow",
    "HeadcountRowList",
    "Health",
    "HealthStatus",
    "Heatmap",
    "HeatmapDimension",
    "HeatmapMetric",
    "HeatmapQueryInfo",
    "IdName",
    "ImportDerived",
    "ImportDerivedSeconds",
    "ImportFileReport",
    "ImportFileReportTypes",
    "ImportRejection",
    "ImportReport",
    "ImportReportMode",
    "ImportRun",
    "ImportRunMode",
    "ImportRunResponse",
    "ImportRunStatus",
    "ImportTypeCounts",
    "Investments",
    "InvestorFull",
    "InvestorFullResponse",
    "InvestorFullStatusType1",
    "InvestorFullStatusType2Type1",
    "InvestorFullStatusType3Type1",
    "InvestorFullUnicornTypeType1",
    "InvestorFullUnicornTypeType2Type1",
    "InvestorFullUnicornTypeType3Type1",
    "InvestorProfile",
    "InvestorProfileFull",
    "InvestorProfileRow",
    "InvestorSummary",
    "InvestorSummaryList",
    "InvestorSummaryStatusType1",
    "InvestorSummaryStatusType2Type1",
    "InvestorSummaryStatusType3Type1",
    "InvestorSummaryUnicornTypeType1",
    "InvestorSummaryUnicornTypeType2Type1",
    "InvestorSummaryUnicornTypeType3Type1",
    "JobOpening",
    "JobOpeningJobTypeType1",
    "JobOpeningJobTypeType2Type1",
    "JobOpeningJobTypeType3Type1",
    "JobOpeningList",
    "JobOpeningResponse",
    "JobsSummary",
    "Landscape",
    "LandscapeList",
    "LatestRevenue",
    "LatestValuation",
    "LegacyPage",
    "ListChangesFrom",
    "ListChangesInclude",
    "ListFilterValuesScope",
    "ListFiltersScope",
    "ListFoundersView",
    "ListPeopleView",
    "ListTaxonomyType",
    "Liveness",
    "LivenessStatus",
    "Location",
    "LocationRole",
    "LockedField",
    "LockedFieldReason",
    "MatchBatchRequest",
    "MatchBatchResponse",
    "MatchCandidate",
    "MatchCandidateMatchedOnItem",
    "MatchNormalized",
    "MatchQuery",
    "MatchResponse",
    "MatchResult",
    "MatchSummary",
    "MatchType",
    "Meta",
    "MigrationsProbe",
    "MigrationsProbeStatus",
    "NewsArticle",
    "NewsArticleArticleTypeType1",
    "NewsArticleArticleTypeType2Type1",
    "NewsArticleArticleTypeType3Type1",
    "NewsArticleList",
    "NewsArticleResponse",
    "Note",
    "NoteCreate",
    "NoteList",
    "NoteResponse",
    "NoteUpdate",
    "OpenApiDocument",
    "OpenApiDocumentInfo",
    "OpenApiDocumentPaths",
    "OrganizationFull",
    "OrganizationFullFields",
    "OrganizationFullFieldsStatusType1",
    "OrganizationFullFieldsStatusType2Type1",
    "OrganizationFullFieldsStatusType3Type1",
    "OrganizationFullFieldsSubtype",
    "OrganizationFullFieldsUnicornTypeType1",
    "OrganizationFullFieldsUnicornTypeType2Type1",
    "OrganizationFullFieldsUnicornTypeType3Type1",
    "OrganizationFullStatusType1",
    "OrganizationFullStatusType2Type1",
    "OrganizationFullStatusType3Type1",
    "OrganizationFullSubtype",
    "OrganizationFullUnicornTypeType1",
    "OrganizationFullUnicornTypeType2Type1",
    "OrganizationFullUnicornTypeType3Type1",
    "OrganizationLinks",
    "OrganizationSummary",
    "OrganizationSummaryFields",
    "OrganizationSummaryFieldsStatusType1",
    "OrganizationSummaryFieldsStatusType2Type1",
    "OrganizationSummaryFieldsStatusType3Type1",
    "OrganizationSummaryFieldsSubtype",
    "OrganizationSummaryFieldsUnicornTypeType1",
    "OrganizationSummaryFieldsUnicornTypeType2Type1",
    "OrganizationSummaryFieldsUnicornTypeType3Type1",
    "OrganizationSummaryStatusType1",
    "OrganizationSummaryStatusType2Type1",
    "OrganizationSummaryStatusType3Type1",
    "OrganizationSummarySubtype",
    "OrganizationSummaryUnicornTypeType1",
    "OrganizationSummaryUnicornTypeType2Type1",
    "OrganizationSummaryUnicornTypeType3Type1",
    "Page",
    "PageTier",
    "Patent",
    "PatentList",
    "PatentsSummary",
    "PersonLinks",
    "PersonRef",
    "PortfolioGlance",
    "PortfolioItem",
    "PortfolioItemList",
    "PortfolioSummary",
    "Readiness",
    "ReadinessStatus",
    "RedirectFundingsAggregateQuery",
    "RedirectFundingsMultiMetricQuery",
    "RootPointer",
    "Scope",
    "SearchEntitiesType",
    "SearchHit",
    "SearchHitList",
    "SearchHitMatch",
    "SearchHitMatchField",
    "SearchHitMatchKind",
    "SearchHitSubtypeType1",
    "SearchHitSubtypeType2Type1",
    "SearchHitSubtypeType3Type1",
    "SearchHitType",
    "SimilarCompanyItem",
    "SimilarCompanyItemList",
    "SimilarInvestorItem",
    "SimilarInvestorItemList",
    "SourceAmount",
    "StandardizedRound",
    "TaxonomyItem",
    "TaxonomyItemList",
    "TaxonomyItemType",
    "Team",
    "TeamCreate",
    "TeamList",
    "TeamResponse",
    "Timeseries",
    "TimeseriesInterval",
    "TimeseriesMetric",
    "TimeseriesSeries",
    "TrafficSummary",
    "Transaction",
    "TransactionInvestor",
    "TransactionList",
    "TransactionResponse",
    "UniversityFull",
    "UniversityFullResponse",
    "UniversityFullStatusType1",
    "UniversityFullStatusType2Type1",
    "UniversityFullStatusType3Type1",
    "UniversityFullUnicornTypeType1",
    "UniversityFullUnicornTypeType2Type1",
    "UniversityFullUnicornTypeType3Type1",
    "UniversitySummary",
    "UniversitySummaryList",
    "UniversitySummaryStatusType1",
    "UniversitySummaryStatusType2Type1",
    "UniversitySummaryStatusType3Type1",
    "UniversitySummaryUnicornTypeType1",
    "UniversitySummaryUnicornTypeType2Type1",
    "UniversitySummaryUnicornTypeType3Type1",
    "Usage",
    "UsageRow",
    "Valuation",
    "ValuationList",
    "ValuationResponse",
    "ValuationSourceType1",
    "ValuationSourceType2Type1",
    "ValuationSourceType3Type1",
    "VersionChange",
    "VersionInfo",
    "VersionInfoStatus",
    "VersionList",
    "WebTrafficPoint",
    "WebTrafficPointList",
    "Webhook",
    "WebhookAttempt",
    "WebhookAttemptDeliveryStatus",
    "WebhookAttemptList",
    "WebhookCreate",
    "WebhookEvent",
    "WebhookEventType",
    "WebhookList",
    "WebhookQueued",
    "WebhookQueuedData",
    "WebhookResponse",
    "WebhookRotation",
    "WebhookStatus",
    "WebhookTestData",
    "WebhookWithSecret",
    "WebhookWithSecretResponse",
    "WebhookWithSecretStatus",
)
